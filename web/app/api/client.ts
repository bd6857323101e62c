import type { ApiBody, ApiData, ApiPath, Envelope } from '@school/common/api';
import { clearUser, getUser } from '../lib/session';

export type { ApiBody, ApiData, ApiPath, Envelope };

/** A call that answered with a non-zero status; `msg` is the server's Chinese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SESSION_END_MESSAGES = ['token错误', '登录过期,请重新登录'];

export type Payload = Record<string, string | number | boolean | null | undefined>;

/** How a call reaches the API: fetch in the browser, in-process on the server. */
export type Transport = (
  path: string,
  payload: Payload,
  token?: string,
) => Promise<Envelope<unknown>>;

function formBody(payload: Payload): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) body.set(key, String(value));
  }
  return body;
}

export const browserTransport: Transport = async (path, payload, token) => {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const user = getUser();
  const bearer = token ?? user?.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (user && !token) headers.userId = String(user.staffId);
  const response = await fetch(`/api/${path}`, {
    method: 'POST',
    headers,
    body: formBody(payload),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    // portal.md §8: a body of 'logout' (a sign-on gateway's time-out) is noted and never resolves.
    if ((await response.text()).trim() === 'logout') {
      console.warn('登录超时（logout）');
      return new Promise<never>(() => undefined);
    }
    throw new ApiError(response.status, '服务器暂时无法响应，请稍后再试');
  }
  return (await response.json()) as Envelope<unknown>;
};

/** What a page sends to `P`: its body, or nothing (an empty object) for a call without one. */
export type BodyTo<P extends ApiPath> =
  ApiBody<P> extends undefined ? Record<string, never> : ApiBody<P>;

/**
 * The body argument of a call to `P`: none for a call without a body,
 * optional when every field may be left out.
 */
export type BodyArg<P extends ApiPath> =
  ApiBody<P> extends undefined
    ? [payload?: Record<string, never>]
    : object extends ApiBody<P>
      ? [payload?: ApiBody<P>]
      : [payload: ApiBody<P>];

/**
 * One request through a transport: POST form-encoded, unwrap the envelope,
 * throw ApiError on a non-zero status. A dead session (`token错误`,
 * `登录过期,请重新登录`) drops the stored user and goes to the home page, in
 * one place for every page.
 */
export async function send(
  path: string,
  payload: Payload = {},
  transport: Transport = browserTransport,
): Promise<unknown> {
  const envelope = await transport(path, payload);
  if (envelope.status !== 0) {
    if (typeof window !== 'undefined' && SESSION_END_MESSAGES.includes(envelope.msg)) {
      clearUser();
      window.location.assign('/index');
    }
    throw new ApiError(envelope.status, envelope.msg);
  }
  return envelope.data;
}

/**
 * One call of the contract (common/src/api): the page names the endpoint's
 * path and the contract gives the body it takes and the `data` it answers —
 * `call('email/sendEmail', { inmailTitle, idRoleReceiveArr })`. A path or a
 * field the contract does not have fails the type check.
 */
export function call<P extends ApiPath>(path: P, ...[payload]: BodyArg<P>): Promise<ApiData<P>> {
  return send(path, payload as Payload | undefined) as Promise<ApiData<P>>;
}
