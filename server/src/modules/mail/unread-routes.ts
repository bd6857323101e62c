import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { mailStreamCalls } from '@school/common/api';
import { FILE_COOKIE, tokenOf } from '../../http/auth.js';
import { route } from '../../http/contract.js';
import { TOKEN_INVALID, unauthorized } from '../../http/errors.js';
import type { SessionStore } from '../../platform/auth/session.js';
import type { MailService } from './service.js';

/** A comment line this often keeps proxies from closing a quiet stream, and re-checks the session. */
export const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/email/unreadEvents`: the caller's unread count as server-sent
 * events (`event: unread`, data the count), once at the start and again
 * whenever it changes (a mail arrives, is read, deleted or recalled). The
 * session comes in the header or, as EventSource sends no headers, the
 * session cookie (it only reads). The stream ends when the session does.
 */
export const unreadRoutes: FastifyPluginAsync<{
  mail: MailService;
  sessions: SessionStore;
}> = async (app, { mail, sessions }) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  const tokenFor = (request: FastifyRequest) => tokenOf(request) ?? request.cookies[FILE_COOKIE];

  route(app, mailStreamCalls.unreadEvents, { sessionCookie: true }, async (request, reply) => {
    const staff = request.staff;
    const token = tokenFor(request);
    if (!staff || !token) throw unauthorized(TOKEN_INVALID);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on at once.
      'x-accel-buffering': 'no',
    });
    open.add(stream);
    let last = -1;
    let running = false;
    let again = false;
    let closed = false;
    // One count at a time; a change told meanwhile is counted once more after it.
    const push = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          // Changes that land together (a send to the whole school) are counted once.
          await new Promise((resolve) => setImmediate(resolve));
          const count = await mail.unreadCount(staff);
          if (count !== last && !closed) {
            last = count;
            stream.write(`event: unread\ndata: ${count}\n\n`);
          }
        } while (again && !closed);
      } catch (err) {
        request.log.warn({ err }, 'unread count for the live counter failed');
      } finally {
        running = false;
      }
    };
    const unsubscribe = mail.feed.subscribe(staff.id, () => void push());
    const heartbeat = setInterval(() => {
      sessions.resolve(token).then(
        () => stream.write(': keep-alive\n\n'),
        () => stream.end(),
      );
    }, HEARTBEAT_MS);
    const close = () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
    };
    stream.on('close', close);
    // Tell the browser to come back after 3 s if the connection drops.
    stream.write('retry: 3000\n\n');
    await push();
  });
};
