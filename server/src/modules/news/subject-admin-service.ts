import { pageOf } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { canManage } from '../../http/roles.js';
import { displayTime, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { FileService } from '../../platform/files/service.js';
import { editFileView, existingFiles } from '../../platform/files/item-files.js';
import {
  getContentRevision,
  listContentRevisions,
  revisionInFull,
  revisionToRestore,
} from '../../platform/publishing/revisions.js';
import type { SystemSave } from '../../platform/publishing/save.js';
import type { NewsService } from './service.js';
import {
  MANAGE_MESSAGE,
  SUBJECT_INFO_TABLE as INFO_TABLE,
  assertMayEdit,
  loadSubject,
  loadTopic,
  subjectDraftOf,
  writeSubjectNews,
  type SubjectDraft,
  type SubjectSaveDeps,
  type SubjectSaveInput,
} from './subject-save.js';

export type { SubjectSaveInput } from './subject-save.js';

function editableView(draft: SubjectDraft) {
  return {
    newsTitle: draft.title,
    newsContent: draft.content,
    newcontenttype: draft.contentKind,
    source: draft.source,
    releaseUser: draft.releaseUser,
    sort: draft.sort,
    files: draft.files.map(editFileView),
  };
}

/**
 * Sub-news of special topics on the content platform. A sub-news is shown
 * with its topic, so it is reviewed with it: whoever may manage the topic (an
 * administrator or the topic's creator) adds, edits and deletes its sub-news,
 * and the author of a sub-news may edit it; a teacher's save sends the topic
 * back to draft. Every save goes along the one save of sub-news
 * (subject-save.ts): version check, a version kept, an operation-log row.
 */
export class CmsSubjectService {
  private readonly deps: SubjectSaveDeps;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly news: NewsService,
    now: Clock,
    files: FileService,
  ) {
    this.deps = { db, files, now };
  }

  /** The topic and its sub-news in the order the public page shows them. */
  async list(newId: number, staff: AuthStaff, paging: Paging) {
    const topic = await loadTopic(this.db, newId);
    if (!canManage(staff, topic.createStaff)) throw forbidden(MANAGE_MESSAGE);
    const base = this.db
      .selectFrom('subjectNews')
      .where('newsId', '=', newId)
      .where('deleted', '=', 0);
    const page = await pageOf(
      base,
      paging,
      (query) =>
        query
          .select(['id', 'title', 'sort', 'releaseUser', 'createStaff', 'createdAt'])
          .orderBy('sort')
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc'),
      (row) => ({
        subjectNewId: row.id,
        newsTitle: row.title,
        sort: row.sort,
        releaseUser: row.releaseUser,
        createStaff: row.createStaff,
        createDate: displayTime(row.createdAt),
      }),
    );
    return { newId, newsTitle: topic.title, ...page };
  }

  async get(subjectNewId: number, staff: AuthStaff) {
    const { row, topic } = await loadSubject(this.db, subjectNewId);
    assertMayEdit(staff, row.createStaff, topic.createStaff);
    return {
      subjectNewId: row.id,
      newId: topic.id,
      topicTitle: topic.title,
      createStaff: row.createStaff,
      createDate: displayTime(row.createdAt),
      ...editableView(await subjectDraftOf(this.db, row)),
      version: row.version,
    };
  }

  /**
   * Adds (no subjectNewId) or changes a sub-news; answers its id. `system`:
   * the seed's, the importer's or a factory's save in the author's name.
   */
  async save(
    input: SubjectSaveInput,
    staff: AuthStaff,
    ip: string | null,
    system: SystemSave = {},
  ) {
    const operType = input.subjectNewId ? '修改' : '新增';
    const subjectNewId = await writeSubjectNews(this.deps, input, staff, ip, {
      ...system,
      operType,
    });
    return { subjectNewId };
  }

  async remove(subjectNewId: number, staff: AuthStaff, ip: string | null) {
    await this.news.subjects.remove(subjectNewId, staff, ip);
    return { subjectNewId };
  }

  async revisions(subjectNewId: number, staff: AuthStaff) {
    const { row, topic } = await loadSubject(this.db, subjectNewId);
    assertMayEdit(staff, row.createStaff, topic.createStaff);
    return listContentRevisions(this.db, INFO_TABLE, subjectNewId);
  }

  async revision(revisionId: number, staff: AuthStaff) {
    const revision = await getContentRevision<SubjectDraft>(this.db, INFO_TABLE, revisionId);
    const { row, topic } = await loadSubject(this.db, revision.objId);
    assertMayEdit(staff, row.createStaff, topic.createStaff);
    return revisionInFull(revision, 'subjectNewId', editableView);
  }

  async restore(subjectNewId: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    const snapshot = await revisionToRestore<SubjectDraft>(
      this.db,
      INFO_TABLE,
      subjectNewId,
      revisionId,
    );
    const { row } = await loadSubject(this.db, subjectNewId);
    const kept = await existingFiles(
      this.db,
      snapshot.files.map((f) => f.fileId),
    );
    const id = await writeSubjectNews(
      this.deps,
      {
        ...snapshot,
        subjectNewId,
        newId: row.newsId,
        files: snapshot.files.filter((f) => f.fileId == null || kept.has(f.fileId)),
      },
      staff,
      ip,
      { operType: '恢复版本', trusted: snapshot },
    );
    return { subjectNewId: id };
  }
}
