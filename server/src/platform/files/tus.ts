import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type Upload } from '@tus/server';
import { DRIVE_UPLOAD_HEADERS, type DriveUpload } from '@school/common/api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SharedResumableStore } from './shared-resumable.js';
import type { FileStorage } from './storage.js';
import type { UploadSweep } from './upload-sweep.js';

/** Where the tus routes live; an upload's address is this plus its id. */
export const TUS_PATH = '/api/resources/tus';
/** An unfinished upload is dropped this long after it was created. */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** How often expired uploads are looked for (and once at start). */
const SWEEP_MS = 60 * 60 * 1000;

/** Refusals of the tus library, in words a teacher can act on. */
const TUS_MESSAGES = new Map<object, [number, string]>([
  [ERRORS.FILE_NOT_FOUND, [404, '上传不存在或已过期，请重新上传']],
  [ERRORS.FILE_NO_LONGER_EXISTS, [410, '上传已过期，请重新上传']],
  [ERRORS.INVALID_OFFSET, [409, '上传进度不一致，请刷新进度后继续']],
  [ERRORS.ERR_SIZE_EXCEEDED, [413, '上传的内容超过了文件的大小']],
  [ERRORS.INVALID_LENGTH, [400, '请提供文件大小（Upload-Length）']],
  [ERRORS.INVALID_METADATA, [400, '上传信息（Upload-Metadata）格式不正确']],
  [ERRORS.MISSING_OFFSET, [403, '请提供上传进度（Upload-Offset）']],
  [ERRORS.INVALID_CONTENT_TYPE, [403, '请提供 Content-Type: application/offset+octet-stream']],
  [ERRORS.ABORTED, [400, '上传已中断，请稍后继续']],
  [ERRORS.INVALID_TERMINATION, [400, '已完成的上传不能取消']],
]);

/** Refusals the tus library answers before any hook runs, by their code. */
const STATUS_MESSAGES: Record<number, string> = {
  400: '上传请求的头信息不正确',
  404: '上传不存在或已过期，请重新上传',
  412: '请使用 tus 1.0.0 协议上传（Tus-Resumable: 1.0.0）',
  501: '不支持的上传方式（请关闭并行上传）',
};

const envelopeOf = (status: number, msg: string) => ({ status, msg, data: null });

/**
 * Resumable uploads to the teaching drive with the tus protocol (tus.io):
 * `POST api/resources/tus/` creates an upload (Upload-Length, Upload-Metadata
 * `filename`), `PATCH .../<id>` sends bytes from Upload-Offset, `HEAD .../<id>`
 * answers how many arrived, `DELETE .../<id>` drops it. Every call needs a
 * staff session and an upload is its creator's alone. The partial bytes wait
 * under DATA_DIR/tus (24 h at most); the last PATCH moves them into storage
 * through the drive's checks (content by bytes, kept once per content) and
 * answers the stored file in X-File-* headers. Each upload's end (stored,
 * dropped, refused) is told to the drive, which counts one announced for a
 * disk against its quota until then. With the files in an S3 bucket the partial
 * uploads are kept by SharedResumableStore instead (database and bucket), so that
 * several copies of the site can each take the next request of an upload.
 *
 * The tus library runs on web Request/Response: each call is handed to it as
 * one, and its answer is sent back through Fastify, refusals as the envelope.
 */
/**
 * Where resumable uploads go (the teaching drive's uploads,
 * modules/drive/uploads.ts): its size limit and checks, how the bytes are
 * stored, and how it is told that an admitted upload ended.
 */
export interface ResumableTarget {
  readonly maxBytes: number;
  tooLarge(): Error;
  /** The cleaned name, or a refusal (size, extension, the target's checks). */
  admit(
    staff: AuthStaff,
    fileName: string,
    length: number,
    metadata: Readonly<Record<string, string>>,
    uploadId: string,
  ): Promise<string>;
  save(staff: AuthStaff, fileName: string, source: Readable): Promise<DriveUpload>;
  ended(uploadId: string): Promise<void>;
}

/** The database and storage every copy of the site shares (files in an S3 bucket). */
export interface SharedUploads {
  db: Kysely<Database>;
  storage: FileStorage;
}

export const tusRoutes: FastifyPluginAsync<{
  drive: ResumableTarget;
  dataDir: string;
  /** Unfinished uploads in the database and the shared storage, so any copy can continue one. */
  shared?: SharedUploads;
  /** Uploads nobody took up, swept with the expired tus uploads. */
  uploadSweep?: UploadSweep;
}> = async (app, { drive, dataDir, shared, uploadSweep }) => {
  const store = shared
    ? new SharedResumableStore(shared.db, shared.storage, TUS_EXPIRY_MS)
    : new PartialUploads({
        directory: path.join(dataDir, 'tus'),
        expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
      });
  /** The logged-in person of each request handed to the tus server. */
  const staffOfCall = new WeakMap<object, AuthStaff>();
  const caller = (request: object): AuthStaff => {
    const staff = staffOfCall.get(request);
    if (!staff) throw new Error('tus: a request without its session');
    return staff;
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    // Same-origin pages only: no Access-Control-Allow-Origin.
    allowedOrigins: [],
    exposedHeaders: Object.values(DRIVE_UPLOAD_HEADERS),

    async onIncomingRequest(request, id) {
      if (request.method === 'POST') return;
      const upload = await store.getUpload(id).catch(() => undefined);
      // A missing upload is the library's own 404.
      if (upload && upload.metadata?.owner !== String(caller(request).id)) {
        throw forbidden('不能访问他人的上传');
      }
    },

    async onUploadCreate(request, upload) {
      const staff = caller(request);
      if (upload.size === undefined) throw badRequest('请提供文件大小（Upload-Length）');
      if (upload.size > drive.maxBytes) throw drive.tooLarge();
      if (upload.size === 0) throw badRequest('文件内容为空');
      const filename = upload.metadata?.filename;
      if (!filename) throw badRequest('请提供文件名（Upload-Metadata 的 filename）');
      try {
        const name = await drive.admit(staff, filename, upload.size, metadataOf(upload), upload.id);
        return { metadata: { filename: name, owner: String(staff.id) } };
      } catch (err) {
        await drive.ended(upload.id);
        throw err;
      }
    },

    async onUploadFinish(request, upload) {
      const staff = caller(request);
      let stored;
      try {
        stored = await drive.save(
          staff,
          upload.metadata?.filename ?? '',
          await store.read(upload.id),
        );
      } finally {
        await store.remove(upload.id).catch(() => undefined);
        await drive.ended(upload.id);
      }
      return {
        headers: {
          [DRIVE_UPLOAD_HEADERS.fileId]: String(stored.fileId),
          [DRIVE_UPLOAD_HEADERS.url]: stored.url,
          [DRIVE_UPLOAD_HEADERS.fileName]: encodeURIComponent(stored.fileName),
          [DRIVE_UPLOAD_HEADERS.fileSize]: String(stored.fileSize),
          [DRIVE_UPLOAD_HEADERS.reused]: stored.reused ? '1' : '0',
        },
      };
    },

    onResponseError(_request, error) {
      if (error instanceof AppError) {
        return {
          status_code: error.statusCode,
          body: JSON.stringify(envelopeOf(error.statusCode, error.message)),
        };
      }
      const known = TUS_MESSAGES.get(error);
      if (known) return { status_code: known[0], body: JSON.stringify(envelopeOf(...known)) };
      app.log.error({ err: error }, 'tus upload failed');
      return {
        status_code: 500,
        body: JSON.stringify(envelopeOf(500, '服务器内部错误，请稍后再试')),
      };
    },
  });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const staff = staffOf(request);
    const raw = request.raw;
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    const withBody = request.method === 'PATCH' || request.method === 'POST';
    const call = new Request(new URL(raw.url ?? '/', 'http://localhost'), {
      method: request.method,
      headers,
      body: withBody ? (Readable.toWeb(raw) as ReadableStream<Uint8Array>) : undefined,
      // @ts-expect-error -- Node's fetch needs it for a streamed body; lib.dom does not know it
      duplex: 'half',
    });
    staffOfCall.set(call, staff);
    const answer = await tus.handleWeb(call);
    // A dropped upload stops counting before the answer goes out, so the next
    // look at the disk (or the next upload's quota check) no longer sees it.
    if (request.method === 'DELETE' && answer.status === 204) {
      const id = decodeURIComponent(new URL(call.url).pathname.split('/').pop() ?? '');
      await drive.ended(id);
    }
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-type') void reply.header(name, value);
    });
    void reply.code(answer.status);
    const text = await answer.text();
    if (answer.status < 400) return reply.send(text || undefined);
    return reply.send(envelopeFrom(answer.status, text));
  }

  // tus sends its bytes as application/offset+octet-stream: left unread for the tus server.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  const route = {
    method: ['POST', 'HEAD', 'PATCH', 'DELETE'] as HTTPMethods[],
    config: { access: 'staff' as const },
    schema: { hide: true },
    handler: handle,
  };
  app.route({ ...route, url: '/resources/tus' });
  app.route({ ...route, url: '/resources/tus/*' });

  const sweep = async () => {
    await tus.cleanUpExpiredUploads().catch((err: unknown) => {
      app.log.warn({ err }, 'tus: expired uploads not cleaned');
    });
    await uploadSweep?.run().catch((err: unknown) => {
      app.log.warn({ err }, 'uploads nobody took up not swept');
    });
  };
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};

/**
 * The tus file store, its folder made at once: the library makes it in the
 * background, where a failure is an uncaught exception (and the first sweep
 * may look before it exists).
 */
// @ts-expect-error -- the library declares the method private; replacing it is the point
class PartialUploads extends FileStore {
  override checkOrCreateDirectory(): void {
    fs.mkdirSync(this.directory, { recursive: true });
  }

  /**
   * A finished upload's bytes, read in 1 MiB pieces (the library's 64 KiB took twice as long
   * to move a 1 GiB upload into storage: npm run bench's drive transfer).
   */
  override read(id: string): fs.ReadStream {
    // The library's own path of an id (private in its types), with its check that it stays inside.
    const file = (this as unknown as { resolve(id: string): string }).resolve(id);
    return fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  }
}

/** The upload's metadata as plain strings (a key without a value reads as ''). */
function metadataOf(upload: Upload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(upload.metadata ?? {}).map(([key, value]) => [key, value ?? '']),
  );
}

/** A refusal's body as the envelope: ours as written, the library's plain text by its code. */
function envelopeFrom(status: number, text: string) {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && 'msg' in parsed) return parsed;
  } catch {
    // The library's own text: below.
  }
  return envelopeOf(status, STATUS_MESSAGES[status] ?? '上传失败');
}
