import { countRows, onPage } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { canManage } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { type NewsFileInput, type NewsService } from './service.js';
import {
  checkItemFiles,
  editFileView,
  existingFiles,
  type CmsFileInput,
} from '../../platform/files/item-files.js';
import {
  getContentRevision,
  listContentRevisions,
  revisionToRestore,
} from '../../platform/publishing/revisions.js';
import { saveContent, type ContentKind } from '../../platform/publishing/save.js';
import { filesInHtml } from '../../platform/files/uses.js';

/** The column of special topics; sub-news hang under its items. */
const SPECIAL_TOPICS = 4;
const INFO_TABLE = 'T_SUBJECT_NEWS';
const MANAGE_MESSAGE = '只有管理员、专题发布者或子新闻发布者可以修改';

/** What a sub-news keeps per version. */
interface SubjectDraft {
  title: string;
  content: string;
  contentKind: number;
  source: string | null;
  releaseUser: string | null;
  sort: number;
  files: NewsFileInput[];
}

export interface SubjectSaveInput {
  subjectNewId?: number;
  /** The special topic (newId) it belongs to. */
  newId: number;
  title: string;
  content?: string;
  contentKind?: number;
  source?: string | null;
  releaseUser?: string | null;
  sort?: number;
  files?: CmsFileInput[];
  /** The version the edit form was read at; a save of a sub-news changed since answers 409. */
  version?: number;
}

/**
 * Sub-news on the content path: deleted by a flag, and reviewed as part of
 * their special topic: a teacher's change to one sends the topic back to
 * draft, as a change to the topic itself does.
 */
const SUBJECT_CONTENT: ContentKind = {
  table: 'subjectNews',
  infoTable: INFO_TABLE,
  softDeleted: true,
  review: {
    table: 'news',
    parentOf: async (trx, id) =>
      (
        await trx
          .selectFrom('subjectNews')
          .select('newsId')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).newsId,
  },
};

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
 * back to draft (SUBJECT_CONTENT). Every save goes along the content path:
 * version check, a version kept, an operation-log row.
 */
export class CmsSubjectService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly news: NewsService,
    private readonly now: Clock,
  ) {}

  /** The topic and its sub-news in the order the public page shows them. */
  async list(newId: number, staff: AuthStaff, paging: Paging) {
    const topic = await this.topic(newId);
    if (!canManage(staff, topic.createStaff)) throw forbidden(MANAGE_MESSAGE);
    const base = this.db
      .selectFrom('subjectNews')
      .where('newsId', '=', newId)
      .where('deleted', '=', 0);
    const n = await countRows(base);
    const rows = await base
      .select(['id', 'title', 'sort', 'releaseUser', 'createStaff', 'createdAt'])
      .orderBy('sort')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onPage(paging))
      .execute();
    return {
      newId,
      newsTitle: topic.title,
      total: Number(n),
      list: rows.map((row) => ({
        subjectNewId: row.id,
        newsTitle: row.title,
        sort: row.sort,
        releaseUser: row.releaseUser,
        createStaff: row.createStaff,
        createDate: displayTime(row.createdAt),
      })),
    };
  }

  async get(subjectNewId: number, staff: AuthStaff) {
    const { row, topic } = await this.item(subjectNewId);
    this.assertMayEdit(staff, row.createStaff, topic.createStaff);
    return {
      subjectNewId: row.id,
      newId: topic.id,
      topicTitle: topic.title,
      createStaff: row.createStaff,
      createDate: displayTime(row.createdAt),
      ...editableView(await this.draftOf(row)),
      version: row.version,
    };
  }

  /** Adds (no subjectNewId) or changes a sub-news; answers its id. */
  async save(input: SubjectSaveInput, staff: AuthStaff, ip: string | null) {
    return this.write(input, staff, ip, input.subjectNewId ? '修改' : '新增');
  }

  async remove(subjectNewId: number, staff: AuthStaff, ip: string | null) {
    await this.news.removeSubject(subjectNewId, staff, ip);
    return { subjectNewId };
  }

  async revisions(subjectNewId: number, staff: AuthStaff) {
    const { row, topic } = await this.item(subjectNewId);
    this.assertMayEdit(staff, row.createStaff, topic.createStaff);
    return listContentRevisions(this.db, INFO_TABLE, subjectNewId);
  }

  async revision(revisionId: number, staff: AuthStaff) {
    const revision = await getContentRevision<SubjectDraft>(this.db, INFO_TABLE, revisionId);
    const { row, topic } = await this.item(revision.objId);
    this.assertMayEdit(staff, row.createStaff, topic.createStaff);
    const { snapshot, objId, ...about } = revision;
    return { ...about, subjectNewId: objId, ...editableView(snapshot) };
  }

  async restore(subjectNewId: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    const snapshot = await revisionToRestore<SubjectDraft>(
      this.db,
      INFO_TABLE,
      subjectNewId,
      revisionId,
    );
    const { row } = await this.item(subjectNewId);
    const kept = await existingFiles(
      this.db,
      snapshot.files.map((f) => f.fileId),
    );
    return this.write(
      {
        ...snapshot,
        subjectNewId,
        newId: row.newsId,
        files: snapshot.files.filter((f) => f.fileId == null || kept.has(f.fileId)),
      },
      staff,
      ip,
      '恢复版本',
      snapshot,
    );
  }

  // ---- internals ----

  private assertMayEdit(staff: AuthStaff, author: number | null, topicAuthor: number | null) {
    if (!canManage(staff, author) && !canManage(staff, topicAuthor)) {
      throw forbidden(MANAGE_MESSAGE);
    }
  }

  private async topic(newId: number) {
    const topic = await this.db
      .selectFrom('news')
      .select(['id', 'title', 'typeId', 'createStaff', 'deleted'])
      .where('id', '=', newId)
      .executeTakeFirst();
    if (!topic || topic.deleted === 1) throw notFound('专题不存在或已被删除');
    if (topic.typeId !== SPECIAL_TOPICS) throw badRequest('只有专题新闻可以添加子新闻');
    return topic;
  }

  private async item(subjectNewId: number) {
    const row = await this.db
      .selectFrom('subjectNews')
      .selectAll()
      .where('id', '=', subjectNewId)
      .executeTakeFirst();
    if (!row || row.deleted === 1) throw notFound('子新闻不存在或已被删除');
    return { row, topic: await this.topic(row.newsId) };
  }

  private async draftOf(row: {
    id: number;
    title: string;
    content: string;
    contentKind: number;
    source: string | null;
    releaseUser: string | null;
    sort: number;
  }): Promise<SubjectDraft> {
    const files = await this.db
      .selectFrom('newsFile')
      .select(['role', 'fileId', 'legacyPath', 'fileName', 'caption'])
      .where('subjectId', '=', row.id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return {
      title: row.title,
      content: row.content,
      contentKind: row.contentKind,
      source: row.source,
      releaseUser: row.releaseUser,
      sort: row.sort,
      files,
    };
  }

  private async write(
    input: SubjectSaveInput,
    staff: AuthStaff,
    ip: string | null,
    operType: string,
    trusted?: SubjectDraft,
  ): Promise<{ subjectNewId: number }> {
    const current = input.subjectNewId ? await this.item(input.subjectNewId) : undefined;
    const topic = current?.topic ?? (await this.topic(input.newId));
    if (current) {
      if (current.row.newsId !== input.newId) throw badRequest('子新闻不属于该专题');
      this.assertMayEdit(staff, current.row.createStaff, topic.createStaff);
    } else if (!canManage(staff, topic.createStaff)) {
      throw forbidden('只有管理员或专题发布者可以添加子新闻');
    }
    const before = current ? await this.draftOf(current.row) : undefined;
    const title = input.title.trim();
    if (!title) throw badRequest('请输入标题');
    const known = [before, trusted]
      .filter((d): d is SubjectDraft => Boolean(d))
      .map((d) => ({ coverFileId: null, files: d.files }));
    const text = (value: string | null | undefined, previous: string | null | undefined) =>
      (value === undefined ? previous : value)?.trim() || null;
    const draft: SubjectDraft = {
      title,
      content: sanitizeRichText(input.content ?? before?.content ?? ''),
      contentKind: input.contentKind ?? before?.contentKind ?? 1,
      source: text(input.source, before?.source),
      releaseUser: text(input.releaseUser, before?.releaseUser) ?? staff.name,
      sort: input.sort ?? before?.sort ?? 0,
      files: await checkItemFiles(
        this.db,
        this.news.files.access,
        input.files ?? before?.files ?? [],
        null,
        staff,
        known,
      ),
    };
    const now = this.now();
    const subjectNewId = await saveContent(this.db, SUBJECT_CONTENT, {
      current: current && {
        id: current.row.id,
        version: current.row.version,
        draft: before!,
        original: {
          staffId: current.row.createStaff,
          staffName: current.row.releaseUser ?? '',
          at: current.row.createdAt,
        },
      },
      version: input.version,
      draft,
      staff,
      ip,
      now,
      operType,
      uses: filesInHtml(draft.content),
      files: this.news.files,
      insert: (trx, values) =>
        this.news.createSubject(
          { ...values, newsId: topic.id, date: now, unlogged: true },
          { staff, ip },
          trx,
        ),
      update: async (trx, id, { files, ...fields }) => {
        await trx
          .updateTable('subjectNews')
          .set({ ...fields, statusDate: iso(now) })
          .where('id', '=', id)
          .execute();
        await this.news.replaceSubjectFiles(topic.id, id, files, trx);
      },
    });
    return { subjectNewId };
  }
}
