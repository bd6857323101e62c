import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';
import type { JobQueue } from '../jobs/queue.js';
import type { TextIndex } from '../search/text-index.js';
import { extensionOf, type OfficePreviews } from './office-previews.js';
import { probeSandbox } from './office-sandbox.js';
import type { FileService } from './service.js';
import {
  TEXT_EXTENSIONS,
  TEXT_MAX_CHARS,
  extractText,
  needsPdf,
  type Extractor,
  type TextPart,
} from './text-extract.js';

const EXTRACT = 'file-text';
const BACKFILL = 'file-text-backfill';
const DAY_MS = 24 * 3_600_000;
/** Files a backfill run looks at per batch. */
const BATCH = 500;

/** Files an area keeps whose text is searched, from after file id `after`, in file id order. */
export type TextSource = (
  after: number,
  limit: number,
) => Promise<Array<{ fileId: number; fileName: string }>>;

/** Where a keyword is in a file's text: the words around it, and the page or sheet. */
export interface TextHit {
  snippet: string;
  /** 第 3 页, 第 2 张幻灯片, 工作表“成绩”; '' for a text without pages. */
  place: string;
}

interface ExtractPayload {
  fileId: number;
  extension: string;
}

/**
 * Search inside documents: the text of stored files (docx, xlsx, pptx, odt,
 * ods, odp, rtf, pdf, txt, md, csv and the older office formats), pulled out
 * sealed (text-extract.ts) in the job queue, one file at a time — asked for
 * by the areas as files come in (`request`) and by a backfill that looks for
 * files of the areas' sources (`addSource`) without a text, at start and
 * daily. A text is kept in `file_text` (its first TEXT_MAX_CHARS
 * characters, pages or sheets parted by form feeds) and indexed in the text
 * index under the stored file's id; the areas search it (`candidates`,
 * `holds`) and show where a keyword is (`hits`) under their own read rules:
 * nothing here knows who may read a file.
 */
export class FileTexts {
  private readonly sources: TextSource[] = [];
  /** Why texts cannot be pulled out here (no sandbox), or null. */
  readonly sandboxProblem: string | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly files: FileService,
    private readonly jobs: JobQueue,
    private readonly previews: OfficePreviews,
    private readonly texts: TextIndex,
    private readonly now: Clock,
    private readonly extractor: Extractor & { timeoutMs: number },
  ) {
    this.sandboxProblem = probeSandbox(extractor.bwrap);
    jobs.register<ExtractPayload>({
      kind: EXTRACT,
      timeoutMs: extractor.timeoutMs,
      maxAttempts: 2,
      retryDelayMs: 60_000,
      run: (payload, signal) => this.extract(payload, signal),
    });
    jobs.register({
      kind: BACKFILL,
      timeoutMs: 10 * 60_000,
      maxAttempts: 3,
      repeatMs: DAY_MS,
      run: () => this.backfill(),
    });
  }

  /** An area's files whose texts are searched (the drive's), for the backfill. */
  addSource(source: TextSource): void {
    this.sources.push(source);
  }

  /** Whether a file of this name has a text to pull out here. */
  extractable(fileName: string): boolean {
    const type = extensionOf(fileName);
    if (!TEXT_EXTENSIONS.has(type) || this.sandboxProblem) return false;
    if (type === 'pdf') return this.extractor.pdftotext !== null;
    if (needsPdf(type)) return this.extractor.pdftotext !== null && this.previews.available;
    return true;
  }

  /** Queues the daily backfill (at start), and says when texts are not read for want of tools. */
  schedule(log?: { warn(message: string): void }): Promise<void> {
    if (this.sandboxProblem) {
      log?.warn(
        `search inside documents is off: bubblewrap (BWRAP_PATH=${this.extractor.bwrap}) ` +
          `cannot seal a text extraction here (${this.sandboxProblem})`,
      );
    } else if (!this.extractor.pdftotext) {
      log?.warn("PDFs are searched by name only: install Debian's poppler-utils (pdftotext)");
    }
    return this.jobs.schedule(BACKFILL, BACKFILL);
  }

  /**
   * Asks for the text of stored file `fileId` (named `fileName`, whose
   * extension says how to read it), once: a file read before is not read again.
   * `requester`: the staff member whose turn it takes in the queue; the backfill's
   * files take the turns of one requester of their own (so its thousands of files never
   * keep a teacher's preview waiting).
   */
  async request(fileId: number, fileName: string, requester?: number | 'backfill'): Promise<void> {
    if (!this.extractable(fileName)) return;
    if (await this.has(fileId)) return;
    await this.jobs.enqueue(
      EXTRACT,
      `${EXTRACT}:${fileId}`,
      { fileId, extension: extensionOf(fileName) } satisfies ExtractPayload,
      {
        requester:
          requester === undefined
            ? undefined
            : requester === 'backfill'
              ? BACKFILL
              : `staff:${requester}`,
      },
    );
  }

  private async has(fileId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('fileText')
      .select('fileId')
      .where('fileId', '=', fileId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One file's text (a job): read, sealed, and kept with its index. */
  private async extract(payload: ExtractPayload, signal: AbortSignal): Promise<void> {
    if (await this.has(payload.fileId)) return;
    const file = await this.db
      .selectFrom('storedFile')
      .select(['id', 'storageKey'])
      .where('id', '=', payload.fileId)
      .executeTakeFirst();
    if (!file) return;
    let parts: TextPart[];
    try {
      parts = await extractText(
        this.extractor,
        this.files.storage.read(file.storageKey),
        payload.extension,
        signal,
        () => this.previews.pdfOf(file.id, payload.extension, signal),
      );
    } catch (err) {
      // A stop or a time-out is the queue's to try again; a document that cannot be read is
      // marked, and found by name only.
      if (signal.aborted) throw err;
      await this.keep(file.id, [], (err as Error).message.slice(0, 500));
      return;
    }
    await this.keep(file.id, parts, null);
  }

  /**
   * Keeps a file's text (or why there is none) and its terms, in one transaction: what an
   * extraction read, and the bench volume's documents, whose text is known as they are made.
   */
  async keep(fileId: number, parts: TextPart[], error: string | null): Promise<void> {
    const text = parts.map((part) => part.text.replaceAll('\f', ' ')).join('\f');
    const row = {
      state: error === null ? ('done' as const) : ('failed' as const),
      text,
      parts: JSON.stringify(parts.map((part) => part.label)),
      chars: text.length,
      error,
      extractedAt: iso(this.now()),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('fileText')
        .values({ fileId, ...row })
        .onConflict((conflict) => conflict.column('fileId').doUpdateSet(row))
        .execute();
      if (text) await this.texts.put('file', fileId, text, trx, TEXT_MAX_CHARS);
      else await this.texts.remove('file', [fileId], trx);
    });
  }

  /**
   * The backfill (at start, then daily): asks for the text of every file of
   * the sources that has none, and forgets the texts of files no longer stored.
   */
  private async backfill(): Promise<void> {
    for (const source of this.sources) {
      for (let after = 0; ;) {
        const batch = await source(after, BATCH);
        if (batch.length === 0) break;
        const wanted = batch.filter((file) => this.extractable(file.fileName));
        const known = new Set(
          wanted.length === 0
            ? []
            : (
                await this.db
                  .selectFrom('fileText')
                  .select('fileId')
                  .where(
                    'fileId',
                    'in',
                    wanted.map((file) => file.fileId),
                  )
                  .execute()
              ).map((row) => row.fileId),
        );
        for (const file of wanted) {
          if (!known.has(file.fileId)) await this.request(file.fileId, file.fileName, 'backfill');
        }
        after = batch.at(-1)!.fileId;
      }
    }
    for (;;) {
      const gone = await this.db
        .selectFrom('fileText')
        .select('fileId')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('storedFile')
                .select('id')
                .whereRef('storedFile.id', '=', 'fileText.fileId'),
            ),
          ),
        )
        .limit(BATCH)
        .execute();
      if (gone.length === 0) break;
      const ids = gone.map((row) => row.fileId);
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('fileText').where('fileId', 'in', ids).execute();
        await this.texts.remove('file', ids, trx);
      });
    }
  }

  /**
   * The ids of the stored files whose text holds every term of `keyword`, as
   * a subquery; null when the keyword has no terms (punctuation alone).
   */
  candidates(keyword: string): RawBuilder<number> | null {
    return this.texts.candidates('file', keyword);
  }

  /**
   * Whether the text of the file `fileIdColumn` names holds `keyword` itself:
   * needed only when the index's match does not say it alone (PostgreSQL's terms
   * are sets: 函数单调性 asks for 函数, 数单 … anywhere in the text).
   */
  holds(fileIdColumn: string, keyword: string): RawBuilder<boolean> {
    if (this.texts.exact('file', keyword)) return sql<boolean>`true`;
    const [text, word] = /[a-z]/i.test(keyword)
      ? [sql`lower(file_text.text)`, keyword.toLowerCase()]
      : [sql`file_text.text`, keyword];
    const position =
      this.dialect === 'postgres' ? sql`strpos(${text}, ${word})` : sql`instr(${text}, ${word})`;
    return sql<boolean>`exists (SELECT 1 FROM file_text WHERE file_text.file_id = ${sql.ref(fileIdColumn)} AND ${position} > 0)`;
  }

  /** Where `keyword` first is in each file's text (files whose text does not hold it are left out). */
  async hits(fileIds: number[], keyword: string): Promise<Map<number, TextHit>> {
    const found = new Map<number, TextHit>();
    if (fileIds.length === 0 || !keyword) return found;
    const word = keyword.toLowerCase();
    const before = 30;
    const span = before + [...keyword].length + 60;
    const at =
      this.dialect === 'postgres'
        ? sql<number>`strpos(lower(text), ${word})`
        : sql<number>`instr(lower(text), ${word})`;
    const feed = this.dialect === 'postgres' ? sql`chr(12)` : sql`char(12)`;
    const rows = await this.db
      .selectFrom((qb) =>
        qb
          .selectFrom('fileText')
          .select(['fileId', 'parts', at.as('at')])
          .where('fileId', 'in', [...new Set(fileIds)])
          .where('state', '=', 'done')
          .as('found'),
      )
      .innerJoin('fileText', 'fileText.fileId', 'found.fileId')
      .select([
        'found.fileId',
        'found.parts',
        'found.at',
        sql<string>`substr(file_text.text, ${sql`case when found.at > ${before} then found.at - ${before} else 1 end`}, ${span})`.as(
          'around',
        ),
        sql<number>`length(substr(file_text.text, 1, found.at)) - length(replace(substr(file_text.text, 1, found.at), ${feed}, ''))`.as(
          'page',
        ),
      ])
      .where('found.at', '>', 0)
      .execute();
    for (const row of rows) {
      const start = Math.max(1, Number(row.at) - before);
      // The words of the keyword's own page or sheet only (the form feeds part them).
      const offset = Number(row.at) - start;
      const pieces = row.around.split('\f');
      let seen = 0;
      let piece = pieces[0]!;
      for (const candidate of pieces) {
        piece = candidate;
        if (seen + candidate.length >= offset) break;
        seen += candidate.length + 1;
      }
      const first = pieces[0] === piece && start > 1;
      const last = pieces.at(-1) === piece && [...row.around].length >= span;
      const labels = JSON.parse(row.parts) as string[];
      found.set(row.fileId, {
        snippet: `${first ? '…' : ''}${piece.replace(/\s+/g, ' ').trim()}${last ? '…' : ''}`,
        place: labels[Number(row.page)] ?? '',
      });
    }
    return found;
  }
}
