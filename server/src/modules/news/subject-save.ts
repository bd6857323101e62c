import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden, liveOrNotFound } from '../../http/errors.js';
import { canManage } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import {
  checkItemFiles,
  vouchedFiles,
  type CmsFileInput,
  type KnownFiles,
} from '../../platform/files/item-files.js';
import type { FileService } from '../../platform/files/service.js';
import { filesInHtml } from '../../platform/files/uses.js';
import { saveContent, type ContentKind, type SaveOptions } from '../../platform/publishing/save.js';
import { bylineOf, keptText, readItem, savedBy } from '../../platform/publishing/save-fields.js';
import { NEWS_GONE_MESSAGE } from '../../platform/publishing/visibility.js';
import { iso, type Clock } from '../../time.js';
import { replaceNewsFiles, type NewsFileInput } from './writes.js';

/** The column of special topics; sub-news hang under its items. */
const SPECIAL_TOPICS = 4;
export const SUBJECT_INFO_TABLE = 'T_SUBJECT_NEWS';
export const MANAGE_MESSAGE = '只有管理员、专题发布者或子新闻发布者可以修改';

/** What a sub-news keeps per version. */
export interface SubjectDraft {
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

export interface SubjectSaveDeps {
  db: Kysely<Database>;
  files: FileService;
  now: Clock;
}

/**
 * Sub-news on the content path: deleted by a flag, and reviewed as part of
 * their special topic: a teacher's change to one sends the topic back to
 * draft, as a change to the topic itself does.
 */
const SUBJECT_CONTENT: ContentKind = {
  table: 'subjectNews',
  infoTable: SUBJECT_INFO_TABLE,
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

export async function loadTopic(db: Kysely<Database>, newId: number) {
  const topic = await liveOrNotFound(
    db
      .selectFrom('news')
      .select(['id', 'title', 'typeId', 'createStaff', 'deleted'])
      .where('id', '=', newId),
    '专题不存在或已被删除',
  );
  if (topic.typeId !== SPECIAL_TOPICS) throw badRequest('只有专题新闻可以添加子新闻');
  return topic;
}

/** A sub-news that is not deleted, with its special topic. */
export async function loadSubject(db: Kysely<Database>, subjectNewId: number) {
  const row = await liveOrNotFound(
    db.selectFrom('subjectNews').selectAll().where('id', '=', subjectNewId),
    '子新闻不存在或已被删除',
  );
  return { row, topic: await loadTopic(db, row.newsId) };
}

/** A sub-news that is not deleted, with its author and its special topic's (who may manage it). */
export function loadSubjectAuthors(db: Kysely<Database>, subjectNewId: number) {
  return liveOrNotFound(
    db
      .selectFrom('subjectNews')
      .innerJoin('news', 'news.id', 'subjectNews.newsId')
      .select(['subjectNews.createStaff', 'news.createStaff as parentStaff', 'subjectNews.deleted'])
      .where('subjectNews.id', '=', subjectNewId),
    NEWS_GONE_MESSAGE,
  );
}

/** The topic's author, the sub-news' author or an administrator. */
export function assertMayEdit(staff: AuthStaff, author: number | null, topicAuthor: number | null) {
  if (!canManage(staff, author) && !canManage(staff, topicAuthor)) {
    throw forbidden(MANAGE_MESSAGE);
  }
}

export async function subjectDraftOf(
  db: Kysely<Database>,
  row: Omit<SubjectDraft, 'files'> & { id: number },
): Promise<SubjectDraft> {
  const files = await db
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

/**
 * The one save of sub-news (the platform, the site importer, the demo seed,
 * the test factories): who may add or change it, its fields and files, then
 * the content path (version, the topic back to review for a teacher, file
 * uses, log row, version kept) in one transaction. The save's time is the
 * sub-news' date (statusDate).
 */
export async function writeSubjectNews(
  deps: SubjectSaveDeps,
  input: SubjectSaveInput,
  staff: AuthStaff,
  ip: string | null,
  options: SaveOptions<SubjectDraft>,
): Promise<number> {
  const db = options.db ?? deps.db;
  const onBehalf = Boolean(options.onBehalf);
  const current = input.subjectNewId ? await loadSubject(db, input.subjectNewId) : undefined;
  const topic = current?.topic ?? (await loadTopic(db, input.newId));
  if (current) {
    if (current.row.newsId !== input.newId) throw badRequest('子新闻不属于该专题');
    assertMayEdit(staff, current.row.createStaff, topic.createStaff);
  } else if (!canManage(staff, topic.createStaff)) {
    throw forbidden('只有管理员或专题发布者可以添加子新闻');
  }
  const before = current ? await subjectDraftOf(db, current.row) : undefined;
  const title = input.title.trim();
  if (!title) throw badRequest('请输入标题');
  const fileInputs = input.files ?? before?.files ?? [];
  const known: KnownFiles[] = [before, options.trusted]
    .filter((d): d is SubjectDraft => Boolean(d))
    .map((d) => ({ coverFileId: null, files: d.files }));
  if (onBehalf) known.push(vouchedFiles(null, fileInputs));
  const draft: SubjectDraft = {
    title,
    content: sanitizeRichText(input.content ?? before?.content ?? ''),
    contentKind: input.contentKind ?? before?.contentKind ?? 1,
    source: keptText(input.source, before?.source),
    releaseUser: bylineOf(input.releaseUser, before?.releaseUser, staff, onBehalf),
    sort: input.sort ?? before?.sort ?? 0,
    files: await checkItemFiles(db, deps.files.access, fileInputs, null, staff, known),
  };
  const now = options.at ?? deps.now();
  return saveContent(db, SUBJECT_CONTENT, {
    current: current && readItem(current.row, before!, current.row.createdAt),
    version: input.version,
    draft,
    ...savedBy(staff, ip, now, options),
    uses: filesInHtml(draft.content),
    files: deps.files,
    insert: async (trx, { files, ...fields }) => {
      const { id } = await trx
        .insertInto('subjectNews')
        .values({
          ...fields,
          newsId: topic.id,
          createStaff: staff.id,
          deleted: 0,
          viewCount: 0,
          flowerCount: 0,
          statusDate: iso(now),
          createdAt: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceNewsFiles(trx, topic.id, id, files);
      return id;
    },
    update: async (trx, id, { files, ...fields }) => {
      await trx
        .updateTable('subjectNews')
        .set({ ...fields, statusDate: iso(now) })
        .where('id', '=', id)
        .execute();
      await replaceNewsFiles(trx, topic.id, id, files);
    },
  });
}
