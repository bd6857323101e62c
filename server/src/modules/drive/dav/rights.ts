import { ForbiddenError, ResourceTreeNotCompleteError } from 'nephele';
import { mayEdit } from '../library/resource-access.js';
import { assertCanManage } from '../disk/space.js';
import { drive } from './errors.js';
import type { DavLookup } from './tree.js';
import type { DavStaff } from './user.js';

/**
 * Whether `staff` may change what a path names as a PUT or DELETE of it would (asked before a
 * LOCK or a PROPPATCH, which bar or change it for everyone): a drive file its uploader's (or,
 * in the library, a drive administrator's), a folder or a space's top its managers', a working
 * file its uploader's (no one else sees it), a new name where a file may be put.
 */
export async function assertMayWrite(node: DavLookup, staff: DavStaff): Promise<void> {
  switch (node.kind) {
    case 'file':
      if (!mayEdit(node.resource, staff)) throw new ForbiddenError('只能修改自己上传的文件');
      return;
    case 'folder':
    case 'top':
      return drive(async () => assertCanManage(node.space, staff));
    case 'work':
      return;
    case 'gap':
      if (!node.place) throw new ResourceTreeNotCompleteError('上级文件夹不存在，请先创建');
      if (node.space.ownerId === null && node.place.folderId === null) {
        throw new ForbiddenError('教学资源库的文件须放在文件夹里');
      }
  }
}
