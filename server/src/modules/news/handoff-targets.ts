import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { canManage } from '../../http/roles.js';
import { HANDOFF_REFUSAL, type HandoffTarget } from '../../platform/auth/handoff-service.js';
import { loadNewsItem } from './review.js';
import { loadSubjectAuthors } from './subject-save.js';

/** Department announcements: where the send-notice shortcut writes. */
const NOTICE_COLUMN = 17;

/** Where the 【编辑】 hand-off of news opens: the news editor (12/13/14), a sub-news (29). */
export function newsHandoffTargets(db: Kysely<Database>): Array<[number, HandoffTarget]> {
  const editNews: HandoffTarget = async ({ newId }, staff) => {
    if (!newId) throw badRequest('请选择要编辑的新闻');
    const row = await loadNewsItem(db, newId);
    if (!canManage(staff, row.createStaff)) throw forbidden(HANDOFF_REFUSAL);
    return `/cms/news/edit?newId=${newId}`;
  };
  // With subjectNewId: edit that sub-news; with only newId: add one to the topic.
  const editSubject: HandoffTarget = async ({ newId, subjectNewId }, staff) => {
    if (!subjectNewId) {
      if (!newId) throw badRequest('请选择专题');
      const topic = await loadNewsItem(db, newId);
      if (!canManage(staff, topic.createStaff)) throw forbidden(HANDOFF_REFUSAL);
      return `/cms/subject/new?newId=${newId}`;
    }
    const row = await loadSubjectAuthors(db, subjectNewId);
    if (!canManage(staff, row.createStaff) && !canManage(staff, row.parentStaff)) {
      throw forbidden(HANDOFF_REFUSAL);
    }
    return `/cms/subject/edit?subjectNewId=${subjectNewId}`;
  };
  // The staff home's send-notice shortcut (13 without an item): a new department announcement.
  const notice: HandoffTarget = async (item, staff) =>
    item.newId ? editNews(item, staff) : `/cms/news/new?typeId=${NOTICE_COLUMN}`;
  return [
    [12, editNews],
    [13, notice],
    [14, editNews],
    [29, editSubject],
  ];
}
