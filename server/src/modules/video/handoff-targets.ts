import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { canManage } from '../../http/roles.js';
import { HANDOFF_REFUSAL, type HandoffTarget } from '../../platform/auth/handoff-service.js';
import { loadVideo } from './store.js';

/** Where the 【编辑】 hand-off of a video opens (visitType 30): the video editor. */
export function videoHandoffTargets(db: Kysely<Database>): Array<[number, HandoffTarget]> {
  const editVideo: HandoffTarget = async ({ videoId }, staff) => {
    if (!videoId) throw badRequest('请选择要编辑的视频');
    const row = await loadVideo(db, videoId, '视频不存在或已下架');
    if (!canManage(staff, row.createStaff)) throw forbidden(HANDOFF_REFUSAL);
    return `/cms/video/edit?videoId=${videoId}`;
  };
  return [[30, editVideo]];
}
