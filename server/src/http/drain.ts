import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stopping without failing the pages being rendered (http/drain.ts). */
    drain: Drain;
  }
}

/** The header a page's own data calls carry while the process drains (web/pages.ts). */
export const RENDER_HEADER = 'x-page-render';

/**
 * A stop that lets the pages being rendered finish. A page's loaders read the API in process
 * (web/pages.ts `inject`), which Fastify refuses once it is closing: a page rendered across the
 * moment of a SIGTERM answered 500. Draining first refuses new requests from outside (503 with
 * `Connection: close`, as Fastify does while closing, so a proxy in front tries the other
 * copy) but still answers the calls of the renders in flight, which carry this process's
 * secret in `x-page-render`; once they have finished, or after a bound, the app closes.
 */
export class Drain {
  /** Known to this process only: a request from outside cannot pass as a render's call. */
  readonly key = randomBytes(16).toString('hex');
  private draining = false;
  private renders = 0;
  private idle: Array<() => void> = [];

  /** A render began; `end` when it has answered. */
  begin(): void {
    this.renders += 1;
  }

  end(): void {
    this.renders -= 1;
    if (this.renders === 0) for (const done of this.idle.splice(0)) done();
  }

  /** Whether a request is refused: while draining, unless it is a render's own call. */
  refuses(headers: Record<string, string | string[] | undefined>): boolean {
    return this.draining && headers[RENDER_HEADER] !== this.key;
  }

  /** Refuses new requests from now on; resolves when no render is in flight, or after `ms`. */
  async start(ms: number): Promise<void> {
    this.draining = true;
    if (this.renders === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((done) => this.idle.push(done)),
      new Promise<void>((done) => (timer = setTimeout(done, ms))),
    ]);
    clearTimeout(timer);
  }
}

/** How long a stop waits for the pages in flight (a page renders in milliseconds). */
export const DRAIN_MS = 10_000;

/** Refuses requests while draining (first among the hooks: nothing else runs for them). */
export function refuseWhileDraining(app: FastifyInstance): void {
  const drain = new Drain();
  app.decorate('drain', drain);
  // A callback hook, not an async one: it runs on every request, and passes at once.
  app.addHook('onRequest', (request, reply, done) => {
    if (!drain.refuses(request.headers)) {
      done();
      return;
    }
    // Answered here: the request goes no further (done is not called).
    void reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ status: 503, msg: '服务正在重启，请稍后再试', data: null });
  });
}

/** Stops the app: the renders in flight finish first (within `ms`), then Fastify closes. */
export async function closeGracefully(app: FastifyInstance, ms = DRAIN_MS): Promise<void> {
  await app.drain.start(ms);
  await app.close();
}
