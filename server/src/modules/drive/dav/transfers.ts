import { Readable } from 'node:stream';
import { LIBRARY, MY_DISK } from '@school/common/api';
import { ForbiddenError, ResourceNotFoundError } from 'nephele';
import { isWorkingName, type Place } from './working-files.js';
import type { DavContext } from './context.js';
import { drive } from './errors.js';
import { copyProperties, dropProperties } from './properties.js';
import type { DavLookup, DavNode } from './tree.js';
import type { DavStaff } from './user.js';

/** The default 资源类型 of a file put over WebDAV: 其他 (RESOURCES_TYPE 6). */
const OTHER_TYPE = '6';

/** Reads the first chunk: whether a PUT's body is empty, and the body again as a stream. */
async function peek(input: Readable): Promise<{ empty: boolean; body: Readable }> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let first = await iterator.next();
  // A zero-length chunk is no content (a body that is only its end may come as one).
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) return { empty: true, body: Readable.from([]) };
  const head = first.value;
  async function* rest() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  return { empty: false, body: Readable.from(rest(), { objectMode: false }) };
}

/**
 * A PUT: a name the drive takes with bytes becomes (or replaces the bytes of) a drive file,
 * through the drive's upload (size limit, content check, 秒传 dedupe, quota); any other name,
 * or an empty body, is a working file (drive/working-files.ts).
 */
export async function putBytes(
  ctx: DavContext,
  staff: DavStaff,
  put: { place: Place; node: DavLookup; name: string; contentLength?: string; input: Readable },
): Promise<void> {
  const { place, node, name, input } = put;
  if (place.space.ownerId === null && place.folderId === null) {
    input.resume();
    throw new ForbiddenError('教学资源库的文件须放在文件夹里');
  }
  // The quota (and the size limit) first, by Content-Length, before a byte is read: a refusal
  // leaves the body unread, for the server to drop.
  const length = Number(put.contentLength ?? 0);
  const working = isWorkingName(name);
  if (!working) {
    const sType = place.space.ownerId === null ? '0' : '1';
    await drive(() => ctx.uploads.admit(staff, name, length, { sType }));
  } else if (length > 0) {
    await drive(() =>
      ctx.quota.assertRoom(ctx.db, staff.id, length - (node.kind === 'work' ? node.work.size : 0)),
    );
  }
  const { empty, body } = await peek(input);
  const existingWork = node.kind === 'work' ? node.work : undefined;
  if (working || (empty && node.kind !== 'file')) {
    await drive(() => ctx.working.write(staff, place, name, body, existingWork));
    return;
  }
  if (empty && node.kind === 'file') {
    // A file emptied: its bytes go to the 回收站 and the name stays as an empty working file.
    const id = await drive(() => ctx.working.write(staff, place, name, body));
    await copyProperties(
      ctx.db,
      { kind: 'r', id: node.resource.id },
      { kind: 'w', id: id.id },
      staff.id,
    );
    await drive(() => ctx.trash.binResources(staff, [node.resource.id]));
    return;
  }
  const upload = await drive(() => ctx.uploads.save(staff, name, body));
  if (node.kind === 'file') {
    await drive(() => ctx.resources.replaceContent(staff, node.resource.id, upload.fileId));
    return;
  }
  const id = await registerUpload(ctx, staff, place, name, upload.url);
  if (existingWork) {
    // The empty file a client made first becomes the drive's file.
    await copyProperties(ctx.db, { kind: 'w', id: existingWork.id }, { kind: 'r', id }, staff.id);
    await ctx.working.remove([existingWork]);
    await dropProperties(ctx.db, { kind: 'w', id: existingWork.id });
  }
}

/** The drive's move or copy of a file, to a folder and name. */
export function placeFile(
  ctx: DavContext,
  staff: DavStaff,
  node: Extract<DavNode, { kind: 'file' }>,
  place: Place,
  name: string,
  copy: boolean,
): Promise<number> {
  return drive(() =>
    ctx.resources.move(staff, {
      resourceId: node.resource.id,
      copy,
      fromId: node.place.folderId ?? 0,
      toId: place.folderId ?? 0,
      sType: place.space.ownerId === null ? LIBRARY : MY_DISK,
      name,
    }),
  );
}

/** An item of `Kind` put at `place` under `name` through the drive's own calls: the new item's id. */
type Transfer<Kind extends DavNode['kind']> = (
  ctx: DavContext,
  staff: DavStaff,
  node: Extract<DavNode, { kind: Kind }>,
  place: Place,
  name: string,
) => Promise<number>;

/** A drive file given a working name (Office's save dance): its bytes shared, as a working file. */
export const fileToWork: Transfer<'file'> = (ctx, staff, node, place, name) =>
  drive(() =>
    ctx.working.adopt(staff, place, name, node.resource.fileId, Number(node.resource.size)),
  );

/** A working file copied: its bytes shared, under a new name. */
export const copyWork: Transfer<'work'> = async (ctx, staff, node, place, name) => {
  const { work } = node;
  if (work.fileId === null) {
    return emptyWorkingFile(ctx, staff, place, name);
  }
  return drive(() => ctx.working.adopt(staff, place, name, work.fileId!, work.size));
};

/** A working file given a name the drive takes: its bytes, checked, become a drive file. */
export const workToFile: Transfer<'work'> = async (ctx, staff, node, place, name) => {
  const stored =
    node.work.fileId === null
      ? undefined
      : await ctx.db
          .selectFrom('storedFile')
          .select(['sha256', 'size'])
          .where('id', '=', node.work.fileId)
          .executeTakeFirst();
  if (!stored?.sha256 || Number(stored.size) === 0) {
    return emptyWorkingFile(ctx, staff, place, name);
  }
  const upload = await drive(() =>
    ctx.uploads.byHash(staff, name, stored.sha256!, Number(stored.size)),
  );
  if (!upload) throw new ResourceNotFoundError('文件不存在或已删除');
  if (place.space.ownerId === null && place.folderId === null) {
    throw new ForbiddenError('教学资源库的文件须放在文件夹里');
  }
  const id = await registerUpload(ctx, staff, place, name, upload.url);
  return id;
};

/** An upload registered as a drive file of that name in a place (a disk's top, or a folder). */
async function registerUpload(
  ctx: DavContext,
  staff: DavStaff,
  place: Place,
  name: string,
  path: string,
): Promise<number> {
  const [id] = await drive(() =>
    ctx.resources.add(
      staff,
      place.folderId === null ? { sType: MY_DISK } : { fId: place.folderId },
      [{ path, name, fileName: name }],
      { resourcesType: OTHER_TYPE },
    ),
  );
  return id!;
}

/** An empty working file of that name in a place (what a client makes before the bytes). */
async function emptyWorkingFile(
  ctx: DavContext,
  staff: DavStaff,
  place: Place,
  name: string,
): Promise<number> {
  return (await drive(() => ctx.working.write(staff, place, name, Readable.from([])))).id;
}
