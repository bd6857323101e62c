import type { ItemFileInput } from '../../platform/files/item-files.js';
import type { Actor } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';

import type { Kysely } from 'kysely';
import type { Database, ReviewState } from '../../db/schema.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { badRequest } from '../../http/errors.js';

import { htmlToText } from '../../platform/search/terms.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { iso, type Clock } from '../../time.js';

import { writeOperLog } from '../../platform/oplog/service.js';

import { FileService } from '../../platform/files/service.js';
import { bodyAndCover, filesInHtml } from '../../platform/files/uses.js';

/**
 * Writes news items and sub-news with their files, file uses and search
 * entries; the content platform, the public delete and the demo seed go
 * through it. `db` may be a transaction the caller holds.
 */
export type NewsFileInput = ItemFileInput;

export interface NewsInput {
  typeId: number;
  title: string;
  description?: string;
  /** HTML; cleaned before it is stored. */
  content?: string;
  newsType?: number;
  contentKind?: number;
  ifTop?: number;
  schChange?: number | null;
  enableType?: number;
  ifShelves?: number;
  /** Read when no reviewState is given: 1 approved, 0 waiting (submitted), 2 sent back. */
  checkStatus?: number;
  /** Where the item starts in the review; checkStatus follows it. */
  reviewState?: ReviewState;
  source?: string | null;
  releaseUser?: string | null;
  coverFileId?: number | null;
  linkUrl?: string | null;
  deptId?: number | null;
  shelvesDate?: Date;
  files?: NewsFileInput[];
  /** The content path (platform/publishing/save.ts) writes the save's log row itself. */
  unlogged?: boolean;
}

export interface SubjectNewsInput {
  newsId: number;
  title: string;
  content?: string;
  contentKind?: number;
  source?: string | null;
  releaseUser?: string | null;
  sort?: number;
  date?: Date;
  files?: NewsFileInput[];
  /** The content path (platform/publishing/save.ts) writes the save's log row itself. */
  unlogged?: boolean;
}

/** The review state of an item made with the old site's checkStatus. */
const reviewStateOf = (checkStatus: number): ReviewState =>
  checkStatus === 1 ? 'approved' : checkStatus === 2 ? 'rejected' : 'submitted';

export class NewsWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchIndex,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {}

  /**
   * Creates an item with its files and search entry; the content platform and
   * the demo seed use it. `db` may be a transaction the caller holds.
   */
  async create(input: NewsInput, actor: Actor | null, db = this.db): Promise<number> {
    const title = input.title.trim();
    if (!title) throw badRequest('请输入标题');
    const content = sanitizeRichText(input.content ?? '');
    const now = this.now();
    const shelvesDate = iso(input.shelvesDate ?? now);
    const reviewState = input.reviewState ?? reviewStateOf(input.checkStatus ?? 1);
    return inTransaction(db, async (trx) => {
      // The publishing department: the author's main department unless given.
      const deptId =
        input.deptId !== undefined || !actor
          ? (input.deptId ?? null)
          : ((
              await trx
                .selectFrom('staffDepartment')
                .select('deptId')
                .where('staffId', '=', actor.staff.id)
                .orderBy('isPrimary', 'desc')
                .orderBy('deptId')
                .executeTakeFirst()
            )?.deptId ?? null);
      const { id } = await trx
        .insertInto('news')
        .values({
          typeId: input.typeId,
          title,
          description: input.description?.trim() ?? '',
          content,
          newsType: input.newsType ?? 1,
          contentKind: input.contentKind ?? 1,
          ifTop: input.ifTop ?? 0,
          schChange: input.schChange ?? null,
          enableType: input.enableType ?? 1,
          // Only an approved item is on the shelf (an item waiting for review never shows).
          ifShelves: reviewState === 'approved' ? (input.ifShelves ?? 1) : 0,
          checkStatus: reviewState === 'approved' ? 1 : 0,
          reviewState,
          reviewNote: null,
          deleted: 0,
          source: input.source ?? null,
          releaseUser: input.releaseUser ?? actor?.staff.name ?? null,
          createStaff: actor?.staff.id ?? null,
          deptId,
          coverFileId: input.coverFileId ?? null,
          linkUrl: input.linkUrl ?? null,
          viewCount: 0,
          flowerCount: 0,
          shelvesDate,
          statusDate: shelvesDate,
          createdAt: iso(now),
          updatedAt: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.insertFiles(trx, id, null, input.files ?? []);
      const writer = FileService.writerOf(actor);
      await this.files.recordUses(
        trx,
        writer,
        'T_NEWS',
        id,
        bodyAndCover(content, input.coverFileId),
      );
      await this.reindex(id, trx);
      if (actor && !input.unlogged) {
        await writeOperLog(trx, {
          staffId: actor.staff.id,
          staffName: actor.staff.name,
          infoTable: 'T_NEWS',
          objId: id,
          operType: '新增',
          ip: actor.ip,
          at: now,
        });
      }
      return id;
    });
  }

  async createSubject(input: SubjectNewsInput, actor: Actor | null, db = this.db): Promise<number> {
    const title = input.title.trim();
    if (!title) throw badRequest('请输入标题');
    const date = iso(input.date ?? this.now());
    const content = sanitizeRichText(input.content ?? '');
    return inTransaction(db, async (trx) => {
      const { id } = await trx
        .insertInto('subjectNews')
        .values({
          newsId: input.newsId,
          title,
          content,
          contentKind: input.contentKind ?? 1,
          source: input.source ?? null,
          releaseUser: input.releaseUser ?? actor?.staff.name ?? null,
          createStaff: actor?.staff.id ?? null,
          deleted: 0,
          sort: input.sort ?? 0,
          viewCount: 0,
          flowerCount: 0,
          statusDate: date,
          createdAt: iso(this.now()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.insertFiles(trx, input.newsId, id, input.files ?? []);
      await this.files.recordUses(
        trx,
        FileService.writerOf(actor),
        'T_SUBJECT_NEWS',
        id,
        filesInHtml(content),
      );
      if (actor && !input.unlogged) {
        await writeOperLog(trx, {
          staffId: actor.staff.id,
          staffName: actor.staff.name,
          infoTable: 'T_SUBJECT_NEWS',
          objId: id,
          operType: '新增',
          ip: actor.ip,
          at: this.now(),
        });
      }
      return id;
    });
  }

  /**
   * Brings an item's search entry in line with the row: its text, and whether
   * the public may find it (the search adds the shelves date at query time).
   */
  async reindex(newId: number, db = this.db): Promise<void> {
    const row = await db
      .selectFrom('news')
      .select([
        'typeId',
        'title',
        'description',
        'content',
        'ifTop',
        'enableType',
        'ifShelves',
        'checkStatus',
        'deleted',
        'shelvesDate',
        'contentKind',
        'schChange',
        'releaseUser',
      ])
      .where('id', '=', newId)
      .executeTakeFirstOrThrow();
    const text = htmlToText(row.content);
    await this.search.upsert(
      {
        infoTable: 'T_NEWS',
        objId: newId,
        typeId: row.typeId,
        title: row.title,
        summary: row.description.trim() || text.slice(0, 200),
        body: text,
        ifTop: row.ifTop,
        enableType: row.enableType,
        listed: row.deleted === 0 && row.ifShelves === 1 && row.checkStatus === 1,
        docDate: row.shelvesDate,
        contentKind: row.contentKind,
        schChange: row.schChange,
        releaseUser: row.releaseUser,
      },
      db,
    );
  }

  /** Sets an item's own files (not its sub-news') to `files`, in their order. */
  async replaceFiles(newsId: number, files: NewsFileInput[], db = this.db): Promise<void> {
    await db
      .deleteFrom('newsFile')
      .where('newsId', '=', newsId)
      .where('subjectId', 'is', null)
      .execute();
    await this.insertFiles(db, newsId, null, files);
  }

  /** Sets a sub-news' files to `files`, in their order. */
  async replaceSubjectFiles(
    newsId: number,
    subjectId: number,
    files: NewsFileInput[],
    db = this.db,
  ): Promise<void> {
    await db.deleteFrom('newsFile').where('subjectId', '=', subjectId).execute();
    await this.insertFiles(db, newsId, subjectId, files);
  }

  private async insertFiles(
    trx: Kysely<Database>,
    newsId: number,
    subjectId: number | null,
    files: NewsFileInput[],
  ) {
    if (files.length === 0) return;
    await trx
      .insertInto('newsFile')
      .values(
        files.map((file, sort) => ({
          newsId,
          subjectId,
          role: file.role,
          fileId: file.fileId ?? null,
          legacyPath: file.legacyPath ?? null,
          fileName: file.fileName,
          caption: file.caption ?? null,
          sort,
        })),
      )
      .execute();
  }
}
