import { canManage } from '../../http/roles.js';
import { isReleased } from '../../platform/publishing/visibility.js';
import { itemGuard } from '../../platform/files/guard-kit.js';

/**
 * Who among staff reads a video's files (cover, body pictures, the videos):
 * any staff member once it is listed (a staff-only video included), its
 * author and content administrators before or after.
 */
export const videoFileGuard = () =>
  itemGuard('TF_VIDEO', async (reader, ids, db) => {
    const rows = await db
      .selectFrom('video')
      .select(['deleted', 'ifShelves', 'checkStatus', 'createStaff'])
      .where('id', 'in', ids)
      .execute();
    return rows.some((row) => isReleased(row) || canManage(reader, row.createStaff));
  });
