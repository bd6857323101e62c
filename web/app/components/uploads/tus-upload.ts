import { DRIVE_UPLOAD_HEADERS } from '@school/common';
import type { DetailedError, HttpResponse, PreviousUpload } from 'tus-js-client';
import { ApiError, SESSION_END_MESSAGES } from '../../api/client';
import { clearUser, getUser } from '../../lib/session';

/** Where the server's tus routes live (server/src/platform/files/tus.ts). */
export const TUS_ENDPOINT = '/api/resources/tus/';
/** Bytes of one PATCH: progress, and a resume after a reload, are this fine-grained. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each new try after a network drop (4xx refusals are not retried). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

/** The drive's stored file, as the dialog keeps it until 确定. */
export interface StoredDriveFile {
  url: string;
  fileName: string;
  fileSize: number;
}

export interface TusUploadOptions {
  /** Whole percent of the file the server holds. */
  onProgress?: (percent: number) => void;
  /** Called once when an upload begun earlier (before a reload) goes on from `offset` bytes. */
  onResume?: (offset: number) => void;
  /** Stops sending; the server keeps what arrived so the same file can go on later. */
  signal?: AbortSignal;
  /** 0 the library, 1 my disk (its quota is checked before a byte is stored). */
  sType: 0 | 1;
}

/** Whole percent of `total` that `sent` is, 100 only when all arrived. */
export const percentOf = (sent: number, total: number) =>
  total > 0 ? Math.floor((sent / total) * 100) : 0;

/**
 * The stored file the last PATCH answers in its X-File-* headers; undefined
 * when they are missing.
 */
export function storedFileOf(
  response: Pick<HttpResponse, 'getHeader'>,
  fallbackName: string,
): StoredDriveFile | undefined {
  const url = response.getHeader(DRIVE_UPLOAD_HEADERS.url);
  if (!url) return undefined;
  const name = response.getHeader(DRIVE_UPLOAD_HEADERS.fileName);
  const size = Number(response.getHeader(DRIVE_UPLOAD_HEADERS.fileSize));
  return {
    url,
    fileName: name ? decodeURIComponent(name) : fallbackName,
    fileSize: Number.isFinite(size) ? size : 0,
  };
}

/**
 * The server's Chinese refusal of a failed tus call (its `{status,msg,data}`
 * body), or a network failure when there is no such answer.
 */
export function refusalOf(error: Error | Pick<DetailedError, 'originalResponse'>): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { status?: number; msg?: unknown };
      if (typeof body.msg === 'string' && body.msg) {
        return new ApiError(body.status ?? response.getStatus(), body.msg);
      }
    } catch {
      // Not the envelope: a proxy's page or an empty body.
    }
    return new ApiError(response.getStatus(), '上传失败，请稍后再试');
  }
  return new ApiError(0, '网络错误，上传失败');
}

/** The newest earlier upload of the same file into the same space. */
export function previousFor(previous: PreviousUpload[], sType: 0 | 1) {
  return previous
    .filter((one) => one.metadata.sType === String(sType))
    .sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
}

/**
 * Sends `file` to the drive with the tus protocol in 8 MiB chunks. Its
 * address is kept in localStorage under the file's fingerprint (name, type,
 * size, modification time) until it is done, so when the page was reloaded
 * or the dialog closed midway, picking the same file again goes on from the
 * bytes the server already holds.
 */
export async function tusUpload(file: File, options: TusUploadOptions): Promise<StoredDriveFile> {
  const { onProgress, onResume, signal, sType } = options;
  // Loaded with the first upload: pages that never upload (and the server's rendering) skip it.
  const { Upload } = await import('tus-js-client');
  if (signal?.aborted) throw new ApiError(0, '上传已取消');
  const token = getUser()?.token;

  return new Promise<StoredDriveFile>((resolve, reject) => {
    let resuming = false;
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, sType: String(sType) },
      // The server's routes need the session header, as every API call sends it.
      headers: token ? { authorization: `Bearer ${token}` } : {},
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress?.(percentOf(sent, total)),
      onAfterResponse: (request, response) => {
        if (!resuming || request.getMethod() !== 'HEAD' || response.getStatus() !== 200) return;
        resuming = false;
        const offset = Number(response.getHeader('Upload-Offset'));
        if (offset > 0) {
          onResume?.(offset);
          onProgress?.(percentOf(offset, file.size));
        }
      },
      onSuccess: ({ lastResponse }) => {
        const stored = storedFileOf(lastResponse, file.name);
        if (stored) resolve(stored);
        else reject(new ApiError(0, '上传失败，请稍后再试'));
      },
      onError: (error) => {
        const refusal = refusalOf(error);
        if (SESSION_END_MESSAGES.includes(refusal.message)) {
          clearUser();
          window.location.assign('/index');
        }
        reject(refusal);
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        // Not terminated: the server keeps the bytes for a later resume (24 h).
        void upload.abort(false);
        reject(new ApiError(0, '上传已取消'));
      },
      { once: true },
    );
    upload
      .findPreviousUploads()
      .then((previous) => {
        const earlier = previousFor(previous, sType);
        if (earlier) {
          resuming = true;
          upload.resumeFromPreviousUpload(earlier);
        }
        if (!signal?.aborted) upload.start();
      })
      .catch((error: unknown) => reject(refusalOf(error as Error)));
  });
}
