import { Readable } from 'node:stream';
import type { Request } from 'express';
import type { AuthResponse, Method, Plugin } from 'nephele';
import { MediaTypeNotSupportedError } from 'nephele';
import { AppError } from '../../../http/errors.js';

/** The largest body of a request other than PUT (PROPFIND, PROPPATCH, LOCK … are small XML). */
export const DAV_XML_MAX_BYTES = 256 * 1024;

const TOO_LARGE = `请求体过大：WebDAV 的 XML 请求最多 ${DAV_XML_MAX_BYTES / 1024} KiB`;

/** Whether the request says it has a body. */
const hasBody = (request: Request) =>
  request.get('Transfer-Encoding') !== undefined ||
  (request.get('Content-Length') ?? '0').trim() !== '0';

/**
 * The body as it is sent, never inflated: a compressed request body (gzip, deflate, br) costs
 * the server its inflated size for a few bytes sent, so it is refused with 415.
 */
function refuseEncoded(request: Request): void {
  const encoding = request.get('Content-Encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new MediaTypeNotSupportedError('不接受压缩的请求体（Content-Encoding），请不压缩发送');
  }
}

/**
 * Reads at most DAV_XML_MAX_BYTES of the body, refusing with 413 by its declared length or
 * as soon as it streams past the cap (the rest is left unread; the answer closes the connection).
 */
function readCapped(request: Request): Promise<Buffer> {
  if (Number(request.get('Content-Length') ?? 0) > DAV_XML_MAX_BYTES) {
    return Promise.reject(new AppError(413, TOO_LARGE));
  }
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let total = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
    };
    const onData = (part: Buffer) => {
      total += part.length;
      if (total > DAV_XML_MAX_BYTES) {
        stop();
        request.pause();
        reject(new AppError(413, TOO_LARGE));
        return;
      }
      parts.push(part);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(parts));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    // A client gone before the end of its body: nothing to answer, nothing kept.
    const onClose = () => onError(new AppError(400, '请求体不完整'));
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
}

const limited = new WeakSet<object>();

/**
 * Every method's body, before nephele reads it: never inflated, and, but for a PUT's (streamed
 * into the drive under its file limit and quota), at most DAV_XML_MAX_BYTES, held in memory only
 * up to that. A caller not signed in (OPTIONS, the one method nephele answers anonymously) has
 * no body read at all.
 */
function limitBodies(method: Method): void {
  if (limited.has(method)) return;
  limited.add(method);
  const stream = method.getBodyStream.bind(method);
  method.getBodyStream = async (request: Request, response: AuthResponse) => {
    refuseEncoded(request);
    if (request.method === 'PUT') return stream(request, response);
    if (!hasBody(request)) return Readable.from([]);
    if (!response.locals.user) {
      throw new MediaTypeNotSupportedError('该请求不接受请求体');
    }
    const body = await readCapped(request);
    return Readable.from(body.length ? [body] : []);
  };
}

type Hook = (request: Request, response: AuthResponse, data: { method: Method }) => Promise<void>;
const limit: Hook = async (_request, _response, data) => limitBodies(data.method);

/** The body rule on every method that reads one (nephele's begin hooks hand over the method). */
export const bodyLimits: Plugin = {
  beginOptions: limit,
  beginPropfind: limit,
  beginProppatch: limit,
  beginLock: limit,
  beginUnlock: limit,
  beginMkcol: limit,
  beginCopy: limit,
  beginMove: limit,
  beginDelete: limit,
  beginPut: limit,
};
