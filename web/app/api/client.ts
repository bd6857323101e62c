import { clearUser, getUser } from '../lib/session';

export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

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

/**
 * One call: POST form-encoded, unwrap the envelope, throw ApiError on a
 * non-zero status. A dead session (`token错误`, `登录过期,请重新登录`) drops
 * the stored user and goes to the home page, in one place for every page.
 */
export async function call<T>(
  path: string,
  payload: Payload = {},
  transport: Transport = browserTransport,
): Promise<T> {
  const envelope = await transport(path, payload);
  if (envelope.status !== 0) {
    if (typeof window !== 'undefined' && SESSION_END_MESSAGES.includes(envelope.msg)) {
      clearUser();
      window.location.assign('/index');
    }
    throw new ApiError(envelope.status, envelope.msg);
  }
  return envelope.data as T;
}
