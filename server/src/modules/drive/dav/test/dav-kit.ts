import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../../test-kit/http.js';
import type { TestApp } from '../../../../test-kit/app.js';

export interface DavPerson extends TestStaff {
  token: string;
  /** The app password's secret. */
  appPassword: string;
  appPasswordId: number;
  /** Authorization header value for WebDAV. */
  basic: string;
}

/** A staff member with an app password made through the API, as /editPwd makes it. */
export async function davPerson(
  t: TestApp,
  options: Parameters<typeof createStaff>[1] = {},
  name = '我的电脑',
): Promise<DavPerson> {
  const staff = await createStaff(t.db, options);
  const token = await login(t.app, staff);
  const created = expectOk<{ id: number; password: string }>(
    await postForm(t.app, '/api/staff/addAppPassword', { name }, { token }),
  );
  expect(created.password).toBeTruthy();
  return {
    ...staff,
    token,
    appPassword: created.password,
    appPasswordId: created.id,
    basic: `Basic ${Buffer.from(`${staff.code}:${created.password}`).toString('base64')}`,
  };
}

/** A raw request's headers and body; `chunks` > 0 sends the body chunked, in that many writes. */
export interface DavInit {
  headers?: Record<string, string>;
  body?: Buffer | string;
  chunks?: number;
}

export interface DavAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One raw request: the body written in `chunks` (chunked when no content-length is given). The
 * answer counts once its head and body arrived, even when the server closes before taking all
 * the body (an early refusal).
 */
export function davRequest(
  port: number,
  method: string,
  path: string,
  who: DavPerson | null,
  init: DavInit = {},
): Promise<DavAnswer> {
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  const framing: Record<string, string> = !body
    ? {}
    : init.chunks
      ? { 'transfer-encoding': 'chunked' }
      : { 'content-length': String(body.length) };
  return new Promise((resolve, reject) => {
    let settled = false;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...(who ? { authorization: who.basic } : {}), ...framing, ...init.headers },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        const done = () => {
          if (settled) return;
          settled = true;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(parts).toString('utf8'),
          });
        };
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      },
    );
    req.on('error', (err) => {
      if (!settled) setImmediate(() => !settled && reject(err));
    });
    if (!body) return void req.end();
    const pieces = init.chunks ?? 1;
    const size = Math.ceil(body.length / pieces);
    const write = (at: number) => {
      if (at >= body.length || req.destroyed) return void req.end();
      if (req.write(body.subarray(at, at + size))) write(at + size);
      else req.once('drain', () => write(at + size));
    };
    write(0);
  });
}
