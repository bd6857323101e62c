import net from 'node:net';
import type { Readable } from 'node:stream';
import type { ClamdAddress } from '../../config.js';

export type { ClamdAddress } from '../../config.js';

/*
 * clamd's protocol is small (a command, the bytes as length-prefixed chunks, one answer
 * line), so it is spoken here rather than through a client package: the ones on npm are
 * either unmaintained or wrap the clamscan binaries too.
 */

/** What clamd said of some bytes: nothing found, or the name of what it found. */
export type ClamdVerdict = { found: false } | { found: true; signature: string };

/** clamd could not be reached (no daemon, no socket): nothing was scanned. */
export class ClamdUnreachable extends Error {}

/**
 * clamd stopped reading before the whole file was sent: past its StreamMaxLength it answers
 * "INSTREAM size limit exceeded" and closes, and that answer is lost when the close resets the
 * connection under bytes still on their way. The file was not scanned whole.
 */
export class ClamdStreamCut extends Error {}

/** Bytes per INSTREAM chunk: well under clamd's StreamMaxLength and its read buffer. */
const CHUNK = 64 * 1024;

function connect(address: ClamdAddress, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket =
      'socket' in address
        ? net.createConnection({ path: address.socket })
        : net.createConnection({ host: address.host, port: address.port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('clamd timed out')));
    socket.once('connect', () => {
      socket.off('error', failed);
      resolve(socket);
    });
    const failed = (err: Error) => reject(new ClamdUnreachable(err.message));
    socket.once('error', failed);
  });
}

/**
 * The answer clamd writes before closing (z-commands end it with a NUL). clamd may close
 * while bytes are still being sent (a limit hit): the writes then fail (EPIPE) after its
 * answer came, so an error fails the answer only when nothing was said.
 */
function answerOf(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let failure: Error | undefined;
    socket.on('data', (chunk: Buffer) => parts.push(chunk));
    socket.on('error', (err) => (failure ??= err));
    socket.once('close', () => {
      const text = Buffer.concat(parts).toString('utf8').replace(/\0+$/, '').trim();
      if (!text && failure) reject(failure);
      else resolve(text);
    });
  });
}

/** A write that failed because clamd stopped reading (it answered and closed). */
const closedByClamd = (err: Error) =>
  'code' in err && (err.code === 'EPIPE' || err.code === 'ECONNRESET');

/** clamd's VERSION answer, e.g. `ClamAV 1.4.6/27001/Thu May 28 20:26:40 2026`. */
export async function clamdVersion(address: ClamdAddress, timeoutMs: number): Promise<string> {
  const socket = await connect(address, timeoutMs);
  const answer = answerOf(socket);
  socket.end('zVERSION\0');
  return answer;
}

/**
 * Sends `source` to clamd with INSTREAM and answers what it found. clamd looks inside
 * archives (zip, rar, 7z, office files) itself. An answer other than OK or FOUND (the
 * stream exceeded StreamMaxLength, clamd failed) throws.
 */
export async function clamdScan(
  address: ClamdAddress,
  source: AsyncIterable<Buffer | Uint8Array | string> | Readable,
  timeoutMs: number,
): Promise<ClamdVerdict> {
  const socket = await connect(address, timeoutMs);
  const answer = answerOf(socket);
  let stopped = false;
  /** clamd closed (or stopped reading) while bytes were still being sent. */
  let cut = false;
  let sending = true;
  // clamd answers early (and closes) when a limit is hit: stop sending then.
  socket.once('close', () => {
    stopped = true;
    if (sending) cut = true;
  });
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (stopped) return resolve();
      socket.write(bytes, (err) => {
        if (err && closedByClamd(err)) stopped = cut = true;
        if (err && !stopped) reject(err);
        else resolve();
      });
    });
  try {
    await write(Buffer.from('zINSTREAM\0'));
    for await (const piece of source) {
      const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
      for (let at = 0; at < bytes.length && !stopped; at += CHUNK) {
        const chunk = bytes.subarray(at, at + CHUNK);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        await write(Buffer.concat([length, chunk]));
      }
      if (stopped) break;
    }
    await write(Buffer.alloc(4));
    sending = false;
    if (!stopped) socket.end();
  } catch (err) {
    socket.destroy();
    throw err;
  }
  const text = await answer.catch((err: Error) => {
    if (cut) return '';
    throw err;
  });
  if (/size limit exceeded/i.test(text) || (cut && !/^stream: /.test(text))) {
    throw new ClamdStreamCut(`clamd stopped reading: ${text || 'the stream was cut'}`);
  }
  const found = text.match(/^stream: (.+) FOUND$/);
  if (found) return { found: true, signature: found[1]! };
  if (text === 'stream: OK') return { found: false };
  throw new Error(`clamd answered "${text || '(nothing)'}"`);
}
