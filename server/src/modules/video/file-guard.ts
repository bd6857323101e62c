import { canManage } from '../../http/roles.js';
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
    return rows.some(
      (row) =>
        (row.deleted === 0 && row.ifShelves === 1 && row.checkStatus === 1) ||
        canManage(reader, row.createStaff),
    );
  });
