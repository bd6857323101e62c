import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';
import type { JobQueue } from '../jobs/queue.js';
import { OFFICE_EXTENSIONS, convertToPdf } from './office-convert.js';
import { probeSandbox, type Converter } from './office-sandbox.js';
import type { FileService, StoredFile } from './service.js';

/** What a preview of an office document is at the moment it is asked for. */
export type OfficePreview =
  | { state: 'ready'; pdf: StoredFile }
  | { state: 'pending'; phase: 'queued' | 'converting'; position: number | null }
  | { state: 'unsupported' }
  | { state: 'failed'; error: string };

const CONVERT = 'office-preview';
const PRUNE = 'office-preview-prune';
/** A failed conversion is tried again when asked after this long (LibreOffice may have changed). */
const FAILED_RETRY_MS = 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

interface ConvertPayload {
  fileId: number;
  extension: string;
  /** The cache key: the document's SHA-256, or `file-<id>` for a file stored without one. */
  key: string;
}

export const extensionOf = (name: string) => name.match(/\.([^.]+)$/)?.[1]?.toLowerCase() ?? '';

/**
 * Previews of office documents (issue 19): PDFs made by LibreOffice in the
 * job queue, one conversion at a time, stored through the platform's file
 * storage and kept by the document's content hash (`file_preview`), so the
 * same bytes convert once whatever resources, mails or shares hold them.
 * The first ask queues the conversion; later asks answer where it is. The
 * stored PDFs are read only through the preview addresses, under the
 * document's own read rule: no file-use row names them, so `api/files/<id>`
 * refuses them to everyone. A daily job drops previews whose document is
 * no longer stored.
 */
export class OfficePreviews {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileService,
    private readonly jobs: JobQueue,
    private readonly now: Clock,
    private readonly options: Omit<Converter, 'soffice'> & {
      soffice: string | null;
      timeoutMs: number;
    },
  ) {
    // Never unsealed: without a working sandbox there are no previews here.
    this.sandboxProblem = options.soffice ? probeSandbox(options.bwrap) : null;
    jobs.register<ConvertPayload>({
      kind: CONVERT,
      timeoutMs: options.timeoutMs,
      maxAttempts: 2,
      retryDelayMs: 30_000,
      run: (payload, signal) => this.convert(payload, signal),
    });
    jobs.register({
      kind: PRUNE,
      timeoutMs: 10 * 60_000,
      maxAttempts: 3,
      repeatMs: DAY_MS,
      run: () => this.prune(),
    });
  }

  /** Why the sandbox cannot be had here (bwrap missing or failing its check), or null. */
  readonly sandboxProblem: string | null;

  /** Whether LibreOffice is there (SOFFICE_PATH, found at start) and can be sealed. */
  get available(): boolean {
    return this.options.soffice !== null && this.sandboxProblem === null;
  }

  /** Whether a file of this name is an office document LibreOffice previews. */
  static isOffice(fileName: string): boolean {
    return OFFICE_EXTENSIONS.has(extensionOf(fileName));
  }

  /** Queues the daily prune (at start), and says when previews are off for want of a sandbox. */
  schedule(log?: { warn(message: string): void }): Promise<void> {
    if (this.options.soffice && this.sandboxProblem) {
      log?.warn(
        `office previews are off: bubblewrap (BWRAP_PATH=${this.options.bwrap}) cannot seal ` +
          `a conversion here (${this.sandboxProblem}); install Debian's bubblewrap`,
      );
    }
    return this.jobs.schedule(PRUNE, PRUNE);
  }

  /**
   * The preview of stored file `fileId` of type `extension` (doc, xlsx …):
   * ready with its PDF, pending (queued now when nobody asked before),
   * unsupported (not an office type, or no LibreOffice here) or failed.
   * The caller has checked that the person may read the file. `requester`:
   * the staff member asking, whose turn the conversion takes in the queue
   * (none, for a share link's visitor: the document's uploader's).
   */
  async forFile(fileId: number, extension: string, requester?: number): Promise<OfficePreview> {
    const type = extension.toLowerCase().replace(/^\./, '');
    if (!OFFICE_EXTENSIONS.has(type) || !this.available) return { state: 'unsupported' };
    const file = await this.db
      .selectFrom('storedFile')
      .select(['id', 'sha256', 'createdBy'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) return { state: 'failed', error: '文件不存在' };
    const key = file.sha256 ?? `file-${file.id}`;
    const ready = await this.stored(key);
    if (ready) return { state: 'ready', pdf: ready };
    const jobKey = `${CONVERT}:${key}`;
    let job = await this.jobs.find(jobKey);
    const payload: ConvertPayload = { fileId, extension: type, key };
    const retry =
      job &&
      (job.state === 'done' ||
        (job.state === 'failed' &&
          new Date(job.updatedAt).getTime() < this.now().getTime() - FAILED_RETRY_MS));
    if (!job || retry) {
      const asker = requester ?? file.createdBy;
      job = await this.jobs.enqueue(CONVERT, jobKey, payload, {
        again: true,
        requester: asker === null ? undefined : `staff:${asker}`,
      });
    }
    if (job.state === 'failed') return { state: 'failed', error: job.error ?? '' };
    if (job.state === 'running') return { state: 'pending', phase: 'converting', position: 0 };
    if (job.state === 'done') {
      // Made between the two looks above.
      const made = await this.stored(key);
      if (made) return { state: 'ready', pdf: made };
    }
    return { state: 'pending', phase: 'queued', position: await this.jobs.position(job) };
  }

  private async stored(key: string): Promise<StoredFile | undefined> {
    const row = await this.db
      .selectFrom('filePreview')
      .innerJoin('storedFile', 'storedFile.id', 'filePreview.pdfFileId')
      .select([
        'storedFile.id',
        'storedFile.storageKey',
        'storedFile.fileName',
        'storedFile.mimeType',
        'storedFile.size',
      ])
      .where('filePreview.sha256', '=', key)
      .executeTakeFirst();
    if (row && (await this.files.storage.has(row.storageKey))) {
      return { ...row, size: Number(row.size) };
    }
    return undefined;
  }

  /** One conversion (a job): the document's bytes through LibreOffice into storage. */
  private async convert(payload: ConvertPayload, signal: AbortSignal): Promise<void> {
    await this.madePdf(payload, signal);
  }

  /**
   * The PDF of stored file `fileId` (an office document of type `extension`),
   * made now when there is none yet and kept as its preview: for readers of the
   * document's text (file-texts.ts), who run in the job queue themselves.
   */
  async pdfOf(fileId: number, extension: string, signal: AbortSignal): Promise<Readable> {
    const file = await this.db
      .selectFrom('storedFile')
      .select(['id', 'sha256'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) throw new Error('文件已删除');
    const pdf = await this.madePdf(
      { fileId, extension: extension.toLowerCase(), key: file.sha256 ?? `file-${file.id}` },
      signal,
    );
    return this.files.storage.read(pdf.storageKey);
  }

  /** The preview kept under the payload's key, or one LibreOffice makes now and keeps. */
  private async madePdf(payload: ConvertPayload, signal: AbortSignal): Promise<StoredFile> {
    const { soffice, bwrap, memoryMb, cpuSeconds } = this.options;
    if (!soffice || this.sandboxProblem) throw new Error('未安装 LibreOffice');
    const ready = await this.stored(payload.key);
    if (ready) return ready;
    // The file named, or another with the same bytes when that one went meanwhile.
    const source = await this.db
      .selectFrom('storedFile')
      .select(['id', 'storageKey'])
      .where((eb) =>
        payload.key.startsWith('file-')
          ? eb('id', '=', payload.fileId)
          : eb.or([eb('id', '=', payload.fileId), eb('sha256', '=', payload.key)]),
      )
      .orderBy(sql`case when id = ${payload.fileId} then 0 else 1 end`)
      .executeTakeFirst();
    if (!source) throw new Error('文件已删除');
    const pdf = await convertToPdf(
      { soffice, bwrap, memoryMb, cpuSeconds },
      this.files.storage.read(source.storageKey),
      payload.extension,
      signal,
      (pdfPath) =>
        this.files.save(
          { fileName: 'preview.pdf', mimeType: 'application/pdf', createdBy: null },
          fs.createReadStream(pdfPath),
        ),
    );
    const kept = await this.db
      .insertInto('filePreview')
      .values({ sha256: payload.key, pdfFileId: pdf.id, createdAt: iso(this.now()) })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .returning('sha256')
      .executeTakeFirst();
    if (kept) return pdf;
    // Another process made it meanwhile: theirs is kept.
    await this.dropPdf(pdf.id);
    return (await this.stored(payload.key)) ?? Promise.reject(new Error('预览生成失败'));
  }

  /** Previews whose document is no longer stored go, PDF and all (a daily job). */
  private async prune(): Promise<void> {
    const orphans = await this.db
      .selectFrom('filePreview')
      .select(['filePreview.sha256', 'filePreview.pdfFileId'])
      .where(({ exists, selectFrom, not, or, eb }) =>
        not(
          exists(
            selectFrom('storedFile as source')
              .select('source.id')
              .where((inner) =>
                or([
                  inner('source.sha256', '=', eb.ref('filePreview.sha256')),
                  inner(
                    sql<string>`${sql.lit('file-')} || cast(source.id as varchar(20))`,
                    '=',
                    eb.ref('filePreview.sha256'),
                  ),
                ]),
              ),
          ),
        ),
      )
      .limit(500)
      .execute();
    for (const orphan of orphans) {
      await this.db.deleteFrom('filePreview').where('sha256', '=', orphan.sha256).execute();
      await this.db.deleteFrom('job').where('key', '=', `${CONVERT}:${orphan.sha256}`).execute();
      await this.dropPdf(orphan.pdfFileId);
    }
  }

  private async dropPdf(fileId: number): Promise<void> {
    const row = await this.db
      .deleteFrom('storedFile')
      .where('id', '=', fileId)
      .returning('storageKey')
      .executeTakeFirst();
    if (row) await this.files.storage.remove(row.storageKey);
  }
}
