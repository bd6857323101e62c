import type { LoginUser } from '@school/common';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** The client address the server sees (default 127.0.0.1). */
  remoteAddress?: string;
}

type Fields = Record<string, string | number | undefined>;

function headersOf(options: RequestOptions, contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
}

/** POST with a form-encoded body, as the pages send it; undefined fields are left out. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Fields = {},
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(name, String(value));
  }
  const request: InjectOptions = {
    method: 'POST',
    url,
    payload: body.toString(),
    headers: headersOf(options, 'application/x-www-form-urlencoded'),
    remoteAddress: options.remoteAddress,
  };
  return app.inject(request);
}

/** POST with a JSON body. */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: headersOf(options, 'application/json'),
    remoteAddress: options.remoteAddress,
  });
}

/** The parsed `{status, msg, data}` body; fails the test if the body is not that shape. */
export function envelope<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  const body = response.json<Envelope<T>>();
  expect(Object.keys(body).sort()).toEqual(['data', 'msg', 'status']);
  return body;
}

/** A successful call: HTTP 200 and status 0; returns its data. */
export function expectOk<T = unknown>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = envelope<T>(response);
  expect(body.status).toBe(0);
  return body.data;
}

/** A refusal: the HTTP code, the same code as status, the exact message and no data. */
export function expectRefusal(response: LightMyRequestResponse, statusCode: number, msg: string) {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(envelope(response)).toEqual({ status: statusCode, msg, data: null });
}

export type LoginData = LoginUser;

/** Logs a staff member in through api/login/login and returns the token. */
export async function login(
  app: FastifyInstance,
  staff: { code: string; password: string; staffType: number },
  options: RequestOptions = {},
): Promise<string> {
  const response = await postForm(
    app,
    '/api/login/login',
    {
      staffCode: staff.code,
      staffPass: staff.password,
      staffType: staff.staffType,
      platformType: 0,
    },
    options,
  );
  return expectOk<LoginData>(response).token;
}

/** POST one file as multipart/form-data in the field `file`, as a browser's upload does. */
export function postFile(
  app: FastifyInstance,
  url: string,
  file: { name: string; data: Buffer; type?: string },
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----school${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head, 'utf8'),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: headersOf(options, `multipart/form-data; boundary=${boundary}`),
    remoteAddress: options.remoteAddress,
  });
}
