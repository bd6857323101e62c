import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The old site as the spec's pages call it: form-encoded POSTs under /api, answers
 * `{status, msg, data}` (status 0 is success), the session's token in a header. Everything it
 * answers is untrusted: requests time out, redirects are not followed, files are read up to a
 * size and only from the old site's own origin.
 */

export class ImportFailure extends Error {}

export interface ClientOptions {
  /** Milliseconds one request may take (answer and body). */
  timeoutMs?: number;
  /** How many times a 429 (too many requests) is waited out before giving up. */
  retries?: number;
}

export interface Downloaded {
  bytes: Buffer;
  /** The file name the old site gave (Content-Disposition), or the address's last part. */
  fileName: string;
  contentType: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The name in a Content-Disposition header (RFC 6266 `filename*` first). */
function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = header.match(/filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      return undefined;
    }
  }
  return header.match(/filename\s*=\s*"?([^";]+)"?/)?.[1]?.trim();
}

export class OldSiteClient {
  readonly origin: string;
  private token: string | undefined;
  private userId: string | undefined;
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(address: string, options: ClientOptions = {}) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new ImportFailure(`旧站地址不正确: ${address}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ImportFailure(`旧站地址须以 http:// 或 https:// 开头: ${address}`);
    }
    this.origin = url.origin;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = options.retries ?? 5;
  }

  /** The address `ref` names (relative to the old site), or undefined when it is not the old site's. */
  resolve(ref: string): URL | undefined {
    const text = ref.trim().replace(/\\/g, '/');
    if (!text || /^(data|javascript|mailto|tel|blob):/i.test(text)) return undefined;
    let url: URL;
    try {
      url = new URL(text, `${this.origin}/`);
    } catch {
      return undefined;
    }
    return url.origin === this.origin ? url : undefined;
  }

  /** Logs in with the spec's call (api/login/login) and keeps the session for later calls. */
  async login(staffCode: string, staffPass: string): Promise<void> {
    let data: { token?: string; staffId?: number } | undefined;
    for (const staffType of ['5', '2']) {
      try {
        data = await this.call('login/login', {
          staffCode,
          staffPass,
          staffType,
          platformType: '0',
        });
        break;
      } catch (err) {
        if (staffType === '2') throw new ImportFailure(`旧站登录失败: ${(err as Error).message}`);
      }
    }
    if (!data?.token) throw new ImportFailure('旧站登录失败: 没有返回 token');
    this.token = data.token;
    this.userId = data.staffId === undefined ? undefined : String(data.staffId);
  }

  get loggedIn(): boolean {
    return this.token !== undefined;
  }

  /** One API call: its data, or an ImportFailure with the old site's message. */
  async call<T>(path: string, form: Record<string, string | number> = {}): Promise<T> {
    const url = `${this.origin}/api/${path}`;
    const body = new URLSearchParams(
      Object.entries(form).map(([key, value]) => [key, String(value)]),
    ).toString();
    for (let attempt = 0; ; attempt++) {
      const response = await this.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(this.token ? { token: this.token, authorization: `Bearer ${this.token}` } : {}),
          ...(this.userId ? { userid: this.userId } : {}),
        },
        body,
      });
      if (response.status === 429 && attempt < this.retries) {
        await response.body?.cancel();
        const wait = Number(response.headers.get('retry-after')) || 2 ** attempt;
        await sleep(Math.min(wait, 60) * 1000);
        continue;
      }
      const text = await this.readText(response, url, 10 * 1024 * 1024);
      let answer: { status?: unknown; msg?: unknown; data?: unknown };
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        throw new ImportFailure(`${url}: 回答不是 JSON (HTTP ${response.status})`);
      }
      if (answer.status !== 0 && answer.status !== 200) {
        throw new ImportFailure(`${url}: ${String(answer.msg ?? `HTTP ${response.status}`)}`);
      }
      return answer.data as T;
    }
  }

  /**
   * A file of the old site, read up to `maxBytes` (more: refused without reading on). Only
   * the old site's origin; a redirect is refused, not followed.
   */
  async download(address: string, maxBytes: number): Promise<Downloaded> {
    const url = this.resolve(address);
    if (!url) throw new ImportFailure(`不在旧站上的地址，未下载: ${address}`);
    for (let attempt = 0; ; attempt++) {
      const response = await this.fetch(url.toString(), {
        method: 'GET',
        headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
      });
      if (response.status === 429 && attempt < this.retries) {
        await response.body?.cancel();
        await sleep(
          Math.min(Number(response.headers.get('retry-after')) || 2 ** attempt, 60) * 1000,
        );
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ImportFailure(`${url.toString()}: HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length'));
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw new ImportFailure(`${url.toString()}: 文件过大 (${declared} 字节，上限 ${maxBytes})`);
      }
      const bytes = await this.readBytes(response, url.toString(), maxBytes);
      const lastPart = decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'file';
      return {
        bytes,
        fileName: dispositionName(response.headers.get('content-disposition')) ?? lastPart,
        contentType: response.headers.get('content-type') ?? '',
      };
    }
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      const reason =
        (err as Error).name === 'TimeoutError' ? '超时' : (cause ?? (err as Error).message);
      throw new ImportFailure(`${url}: 请求失败 (${reason})`);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const to = response.headers.get('location') ?? '';
      throw new ImportFailure(`${url}: 旧站要求跳转到 ${to}，未跟随`);
    }
    return response;
  }

  private async readText(response: Response, url: string, maxBytes: number): Promise<string> {
    return (await this.readBytes(response, url, maxBytes)).toString('utf8');
  }

  /** The body, stopped (and refused) as soon as it passes `maxBytes`. */
  private async readBytes(response: Response, url: string, maxBytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    if (!reader) return Buffer.alloc(0);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new ImportFailure(`${url}: 文件过大 (超过 ${maxBytes} 字节)`);
        }
        chunks.push(Buffer.from(value));
      }
    } catch (err) {
      if (err instanceof ImportFailure) throw err;
      const reason = (err as Error).name === 'TimeoutError' ? '超时' : (err as Error).message;
      throw new ImportFailure(`${url}: 读取失败 (${reason})`);
    }
    return Buffer.concat(chunks, size);
  }
}
