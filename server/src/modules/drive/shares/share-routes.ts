import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import contentDisposition from 'content-disposition';
import { driveCalls, driveShareCalls, driveShareFileCalls } from '@school/common/api';
import { staffOf } from '../../../http/auth.js';
import { route } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { AppError, notFound } from '../../../http/errors.js';
import { sendBytes } from '../../../platform/files/routes.js';
import type { FileService } from '../../../platform/files/service.js';
import { LEAK_PROTECTED_DOWNLOAD } from '../library/leak-protection.js';
import { sendPreview, type DrivePreviews } from '../library/office-preview.js';
import type { FolderShareLinks } from './folder-shares.js';
import { downloadName } from '../library/resource-files.js';
import { NEED_CODE, NO_PREVIEW, sharePreviewSource } from './share-rows.js';
import type { ShareVisits } from './share-visits.js';
import type { DriveEngagement } from '../library/engagement.js';
import { listQueryOf } from '../library/file-rows.js';
import type { DriveShares } from './shares.js';

/** A link is never kept by a browser or proxy: a cancelled share stops at once. */
const SHARE_CACHE = 'private, no-store';

/**
 * Share links (issue 19): cancelShare for their owner, and the public calls a
 * browser with no login opens a link by (its info, its file, its preview).
 */
export const driveShareRoutes: FastifyPluginAsyncTypebox<{
  shares: DriveShares;
  /** 我的分享 reads the person's links with the files' counts. */
  engagement: DriveEngagement;
  /** A link as its visitor opens it. */
  visits: ShareVisits;
  /** A folder's links: its folders and its zip. */
  folderLinks: FolderShareLinks;
  files: FileService;
  /** The PDF pages of office documents and of 防泄密 files. */
  previews: DrivePreviews;
}> = async (app, { shares, engagement, visits, folderLinks, files, previews }) => {
  route(app, driveShareCalls.cancelShare, async (request) => {
    const staff = staffOf(request);
    await shares.cancel(staff, request.body.resId);
    return ok(null, '已取消分享');
  });

  route(app, driveCalls.share, async (request) => {
    const staff = staffOf(request);
    const { resourcesId, ...options } = request.body;
    return ok(await shares.create(staff, resourcesId, options));
  });

  route(app, driveCalls.shareFolder, async (request) => {
    const staff = staffOf(request);
    const { fId, ...options } = request.body;
    return ok(await shares.createForFolder(staff, fId, options));
  });

  route(app, driveCalls.myShares, async (request) => {
    const { pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    const query = listQueryOf(request.body);
    const page = await engagement.mine(staff, 'shares', query, { pageNum, pageSize });
    return ok(await shares.decorate(page));
  });

  route(app, driveCalls.myFolderShares, async (request) => {
    const { pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    return ok(await shares.folderLinksOf(staff, { pageNum, pageSize }));
  });

  route(app, driveShareCalls.shareInfo, async (request) => {
    const { shareCode, extractCode } = request.body;
    return ok(await visits.info(shareCode, extractCode, request.ip));
  });

  route(app, driveShareCalls.shareLink, async (request) => {
    return ok(await visits.link(request.body.shareCode));
  });

  route(app, driveShareCalls.shareFolder, async (request) => {
    const { shareCode, extractCode, fId } = request.body;
    return ok(await folderLinks.folder(shareCode, extractCode, request.ip, fId));
  });

  /**
   * The link's file (a folder's link: its file `resourcesId`), opened with its
   * code; a locked link (no code sent) answers 403.
   */
  const opened = async (
    shareCode: string,
    query: { extractCode?: string; resourcesId?: number },
    ip: string,
  ) => {
    const open = await visits.open(shareCode, query.extractCode, ip, query.resourcesId);
    if (open.locked) throw new AppError(403, NEED_CODE);
    return open;
  };

  route(app, driveShareFileCalls.file, async (request, reply) => {
    const { download } = request.query;
    const { share, target, file } = await opened(
      request.params.shareCode,
      request.query,
      request.ip,
    );
    // A 防泄密 file's bytes go to its uploader and the drive administrators only, never a link.
    if (target.leakProtected) throw new AppError(403, LEAK_PROTECTED_DOWNLOAD);
    // Every GET that delivers the file counts once, shown inline or saved: the request
    // for the whole file or for its first bytes (a player's or download manager's later
    // ranges and a HEAD do not count).
    const range = request.headers.range;
    if (request.method === 'GET' && (!range || /^bytes=0-/.test(range))) {
      await visits.countDownload(share.id);
    }
    return sendBytes(files, request, reply, file, {
      disposition: download === '1' ? 'attachment' : 'inline',
      cacheControl: SHARE_CACHE,
      fileName: downloadName(target),
    });
  });

  route(app, driveShareFileCalls.preview, async (request, reply) => {
    const { target, file } = await opened(request.params.shareCode, request.query, request.ip);
    const source = sharePreviewSource(target, file.mimeType);
    if (!source) throw notFound(NO_PREVIEW);
    if (source.kind === 'office' || target.leakProtected) {
      const answer = await previews.forShare(
        file.id,
        target.fileName,
        downloadName(target),
        target.leakProtected,
        request.ip,
      );
      return sendPreview(files, request, reply, answer, SHARE_CACHE);
    }
    return sendBytes(files, request, reply, file, {
      disposition: 'inline',
      cacheControl: SHARE_CACHE,
      fileName: downloadName(target),
    });
  });

  route(app, driveShareFileCalls.zip, async (request, reply) => {
    const { extractCode, fId } = request.query;
    const zip = await folderLinks.zip(request.params.shareCode, extractCode, request.ip, fId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(zip.name))
      .header('cache-control', SHARE_CACHE)
      .send(zip.stream);
  });
};
