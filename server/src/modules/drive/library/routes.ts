import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import contentDisposition from 'content-disposition';
import { driveCalls, driveFileCalls } from '@school/common/api';
import type { FolderZips, Selection } from './folder-zip.js';
import { staffOf } from '../../../http/auth.js';
import { route } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { sendBytes } from '../../../platform/files/routes.js';
import type { FileService } from '../../../platform/files/service.js';
import { idsOf } from '../../../http/id-list.js';
import type { DriveFolders } from './folders.js';
import type { DriveListing } from './listing.js';
import { listQueryOf } from './file-rows.js';
import { facetInputOf } from './facet-choice.js';
import type { DriveEngagement } from './engagement.js';
import { assertMayDownload } from './leak-protection.js';
import { downloadName } from './resource-files.js';
import { RESOURCE_BYTES_CACHE } from './office-preview.js';
import type { DriveResources, UploadInput } from './resources.js';
import { spaceOf, type Viewer } from '../disk/space.js';
import type { DriveTrash } from '../trash/trash.js';

/** 教学网盘 (api/resources/*): folders and lists. Staff only; the person comes from the session. */
export const driveRoutes: FastifyPluginAsyncTypebox<{
  folders: DriveFolders;
  listing: DriveListing;
  resources: DriveResources;
  engagement: DriveEngagement;
  zips: FolderZips;
  /** Deletions go to the 回收站 (issue 19). */
  trash: DriveTrash;
}> = async (app, { folders, listing, resources, engagement, zips, trash }) => {
  route(app, driveCalls.folderTree, async (request) => {
    const { fId, sType } = request.body;
    const staff = staffOf(request);
    return ok(await folders.tree(spaceOf(sType, staff), staff, fId || undefined));
  });

  route(app, driveCalls.folderList, async (request) => {
    const staff = staffOf(request);
    const tree = await folders.tree({ ownerId: null }, staff);
    const layer = request.body.layer ?? 0;
    const atLayer = (nodes: typeof tree): typeof tree =>
      nodes.flatMap((node) => (node.layer === layer ? [node] : atLayer(node.childList)));
    return ok(
      atLayer(tree).map((node) => ({
        fid: node.fid,
        fname: node.fname,
        fnum: node.fnum,
        isTop: node.isTop,
        list: node.childList.map((child) => ({
          fid: child.fid,
          fname: child.fname,
          fnum: child.fnum,
        })),
      })),
    );
  });

  route(app, driveCalls.folderInfo, async (request) =>
    ok(await folders.info(request.body.fId, staffOf(request))),
  );

  route(app, driveCalls.folderFiles, async (request) => {
    const { fId, sType, pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    const place = { fId: fId || undefined, space: spaceOf(sType, staff) };
    return ok(
      await listing.folderPage(staff, place, listQueryOf(request.body), { pageNum, pageSize }),
    );
  });

  route(app, driveCalls.addFolder, async (request) => {
    const { fSuperId, fName, fDesc, sType } = request.body;
    const staff = staffOf(request);
    const input = { parentId: fSuperId || undefined, name: fName, description: fDesc };
    return ok(await folders.create(staff, spaceOf(sType, staff), input), '新增成功');
  });

  route(app, driveCalls.renameFolder, async (request) => {
    const { fId, fName, fDesc } = request.body;
    const staff = staffOf(request);
    await folders.rename(staff, fId, { name: fName, description: fDesc });
    return ok(null, '编辑成功');
  });

  route(app, driveCalls.folderZipInfo, async (request) =>
    ok(await zips.info(staffOf(request), request.body.fId)),
  );

  route(app, driveCalls.selectionZipInfo, async (request) =>
    ok(await zips.selectionInfo(staffOf(request), selectionOf(request.body))),
  );

  route(app, driveCalls.folderNum, async (request) =>
    ok(await folders.contents(staffOf(request), request.body.fId)),
  );

  route(app, driveCalls.delFolder, async (request) => {
    const staff = staffOf(request);
    await trash.binFolder(staff, request.body.fId);
    return ok(null, '删除成功');
  });

  for (const [call, pinned, message] of [
    [driveCalls.topFolder, true, '置顶成功'],
    [driveCalls.untopFolder, false, '取消置顶'],
  ] as const) {
    route(app, call, async (request) => {
      await folders.pin(staffOf(request), request.body.fId, pinned);
      return ok(null, message);
    });
  }

  route(app, driveCalls.addResource, async (request) => {
    const body = request.body;
    const staff = staffOf(request);
    const upload = {
      path: body.resourcesPath,
      name: body.resourcesName,
      fileName: body.resourcesFname,
    };
    const [resourcesId] = await addUploads(resources, staff, body, [upload]);
    return ok({ resourcesId: resourcesId! }, '上传成功');
  });

  route(app, driveCalls.batchAddResource, async (request) => {
    const body = request.body;
    const staff = staffOf(request);
    const ids = await addUploads(resources, staff, body, uploadsOf(body.fileAddList));
    return ok({ resourcesIdArr: ids }, '上传成功');
  });

  route(app, driveCalls.detail, async (request) => {
    const staff = staffOf(request);
    const {
      fileId: _fileId,
      fileName: _fileName,
      ...detail
    } = await resources.detail(request.body.resourcesId, staff);
    return ok(detail);
  });

  route(app, driveCalls.editResource, async (request) => {
    const body = request.body;
    const staff = staffOf(request);
    await resources.edit(staff, body.resourcesId, {
      ...fieldsOf(body),
      name: body.resourcesName,
      description: body.resourcesDesc,
      leakProtected: body.resourcesIsProtected,
    });
    return ok(null, '编辑成功');
  });

  route(app, driveCalls.delResource, async (request) => {
    const staff = staffOf(request);
    await trash.binResources(staff, idsOf(request.body.resourcesId));
    return ok(null, '删除成功');
  });

  for (const [call, pinned, message] of [
    [driveCalls.topResource, true, '置顶成功'],
    [driveCalls.untopResource, false, '取消置顶'],
  ] as const) {
    route(app, call, async (request) => {
      await resources.pin(staffOf(request), request.body.resourcesId, pinned);
      return ok(null, message);
    });
  }

  route(app, driveCalls.moveResource, async (request) => {
    const body = request.body;
    const staff = staffOf(request);
    if (!body.resourcesId && !body.fId) throw badRequest('请选择文件或文件夹');
    await resources.move(staff, {
      resourceId: body.resourcesId,
      folderId: body.fId,
      copy: body.moveType === 1,
      fromId: body.fIdOld,
      toId: body.fIdNew,
      sType: body.sType,
    });
    return ok(null, body.moveType === 1 ? '复制成功' : '移动成功');
  });

  route(app, driveCalls.giveLike, async (request) => {
    const staff = staffOf(request);
    return ok({ givelikeNum: await engagement.like(staff, request.body.resourcesId) }, '点赞成功');
  });

  for (const [call, favourite, message] of [
    [driveCalls.addFavorites, true, '收藏成功'],
    [driveCalls.delFavorites, false, '取消成功'],
  ] as const) {
    route(app, call, async (request) => {
      await engagement.favourite(staffOf(request), request.body.resourcesId, favourite);
      return ok(null, message);
    });
  }

  route(app, driveCalls.comments, async (request) => {
    const { resourcesId, pageNum, pageSize } = request.body;
    return ok(await engagement.comments(staffOf(request), resourcesId, { pageNum, pageSize }));
  });

  route(app, driveCalls.addComment, async (request) => {
    const { resourcesId, content } = request.body;
    const staff = staffOf(request);
    return ok({ resId: await engagement.comment(staff, resourcesId, content) }, '评论成功');
  });

  route(app, driveCalls.delComment, async (request) => {
    const staff = staffOf(request);
    await engagement.deleteComment(staff, request.body.resId);
    return ok(null, '删除成功');
  });

  route(app, driveCalls.download, async (request) => {
    const staff = staffOf(request);
    assertMayDownload(await resources.get(request.body.resourcesId, staff), staff);
    return ok(await engagement.download(staff, request.body.resourcesId));
  });

  for (const [call, order] of [
    [driveCalls.newUpload, 'new'],
    [driveCalls.hotShare, 'shared'],
    [driveCalls.hotDown, 'downloaded'],
  ] as const) {
    route(app, call, async (request) => {
      const { pageNum, pageSize } = request.body;
      const staff = staffOf(request);
      const query = listQueryOf(request.body);
      return ok(await listing.libraryList(staff, order, query, { pageNum, pageSize }));
    });
  }

  route(app, driveCalls.resourcesNum, async (request) => {
    const staff = staffOf(request);
    return ok(await listing.libraryCount(staff));
  });

  route(app, driveCalls.search, async (request) => {
    const { zylxType, type, fId, pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    const space = (zylxType ?? type) === 2 ? { ownerId: staff.id } : { ownerId: null };
    const place = { space, fId: fId || undefined };
    return ok(await listing.search(staff, place, listQueryOf(request.body), { pageNum, pageSize }));
  });
};

/**
 * `GET /api/resources/file/:resourcesId[?download=1]`: a drive file under its
 * resource's name, for whoever may see the resource (the session in the header
 * or the cookie, as a link or a player sends it); shown in place where the
 * browser can (pictures, PDF, audio, video, text), else downloaded. Range and
 * ETag as every stored file.
 */
export const driveFileRoutes: FastifyPluginAsyncTypebox<{
  resources: DriveResources;
  zips: FolderZips;
  files: FileService;
}> = async (app, { resources, zips, files }) => {
  route(app, driveFileCalls.folderZip, { sessionCookie: true }, async (request, reply) => {
    return sendZip(reply, await zips.zip(staffOf(request), request.params.fId));
  });

  route(app, driveFileCalls.selectionZip, { sessionCookie: true }, async (request, reply) => {
    return sendZip(reply, await zips.selectionZip(staffOf(request), selectionOf(request.query)));
  });

  route(app, driveFileCalls.file, { sessionCookie: true }, async (request, reply) => {
    const staff = staffOf(request);
    const resource = await resources.get(request.params.resourcesId, staff);
    // 防泄密: others read it only as a watermarked preview (office-preview.ts).
    assertMayDownload(resource, staff);
    const file = await files.findWithFacts(resource.fileId);
    if (!file) throw notFound('文件不存在');
    // The resource's own rule said yes; the file's one rule must too (every address asks it).
    await files.access.assertReadable(file, staff);
    if (!(await files.storage.has(file.storageKey))) throw notFound('文件不存在');
    return sendBytes(files, request, reply, file, {
      disposition: request.query.download === '1' ? 'attachment' : 'inline',
      cacheControl: RESOURCE_BYTES_CACHE,
      fileName: downloadName(resource),
    });
  });
};

/** A zip built for one person, sent as a download nobody caches. */
function sendZip(reply: FastifyReply, zip: { name: string; stream: Readable }) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(zip.name))
    .header('cache-control', 'private, no-store')
    .send(zip.stream);
}

/** A list's selection as the page sends it: comma-joined file and folder ids. */
function selectionOf(fields: { resourcesId?: string; fId?: string }): Selection {
  return { resourceIds: idsOf(fields.resourcesId ?? ''), folderIds: idsOf(fields.fId ?? '') };
}

/** What a person says of their uploads, as the add and edit forms send it. */
function fieldsOf(
  body: {
    resourcesType: string;
    resourcesFileType?: string;
    resourcesIsOpen?: string;
    resourcesIsComment?: string;
    resourcesDesc?: string;
  } & Parameters<typeof facetInputOf>[0],
) {
  return {
    facets: facetInputOf(body),
    resourcesType: body.resourcesType,
    fileType: body.resourcesFileType,
    isOpen: body.resourcesIsOpen,
    isComment: body.resourcesIsComment,
    description: body.resourcesDesc,
  };
}

/** Registers uploads in the folder an add form names, with what the person says of them. */
function addUploads(
  resources: DriveResources,
  staff: Viewer,
  body: Parameters<typeof fieldsOf>[0] & {
    fId?: number;
    sType?: number;
    onConflict?: 'keep' | 'replace';
  },
  uploads: UploadInput[],
): Promise<number[]> {
  const target = { fId: body.fId || undefined, sType: body.sType };
  return resources.add(staff, target, uploads, fieldsOf(body), body.onConflict ?? '');
}

/** The batch dialog's fileAddList: JSON [{resourcesName, resourcesFname, resourcesPath}]. */
function uploadsOf(fileAddList: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fileAddList);
  } catch {
    throw badRequest('文件列表格式不正确');
  }
  if (!Array.isArray(parsed)) throw badRequest('文件列表格式不正确');
  return parsed.map((entry: unknown) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const path = text(item.resourcesPath) ?? text(item.url);
    if (!path) throw badRequest('请上传文件');
    return {
      path,
      name: text(item.resourcesName),
      fileName: text(item.resourcesFname) ?? text(item.fileName),
    };
  });
}
