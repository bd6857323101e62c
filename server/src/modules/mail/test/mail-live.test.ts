import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FILE_COOKIE } from '../../../http/auth.js';
import { expectRefusal } from '../../../test-kit/http.js';
import { useMailWorld } from '../../../test-kit/mail.js';

/** Reads `event: unread` blocks off a server-sent-events body, one count at a time. */
function unreadEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function next(): Promise<number> {
    for (;;) {
      const match = /event: unread\ndata: (\d+)\n\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return Number(match[1]);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

/** Reads counts until `count` comes (a test timeout if it never does). */
async function reaches(next: () => Promise<number>, count: number): Promise<boolean> {
  while ((await next()) !== count);
  return true;
}

describe('api/email/unreadEvents: the live unread counter', () => {
  const { w, call, send, unread, entryOf } = useMailWorld();

  it('pushes the count at once and again whenever it changes, to every open page', async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/email/unreadEvents`;
    const stop = new AbortController();
    // One page as the browser's EventSource opens it (the session cookie), one with the header.
    const byCookie = await fetch(url, {
      headers: { cookie: `${FILE_COOKIE}=${w.token.alice}` },
      signal: stop.signal,
    });
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const byHeader = await fetch(url, {
      headers: { authorization: `Bearer ${w.token.alice}` },
      signal: stop.signal,
    });
    const first = unreadEvents(byCookie.body!);
    const second = unreadEvents(byHeader.body!);
    const start = await unread(w.token.alice);
    expect(await first()).toBe(start);
    expect(await second()).toBe(start);

    const { inmailId } = await send({ inmailTitle: '实时提醒' });
    expect(await first()).toBe(start + 1);
    expect(await second()).toBe(start + 1);
    // Another person's mail tells Alice nothing; her next event is her own read.
    await send({ idRoleReceiveArr: String(w.bob.id), inmailTitle: '给乙的' });
    const entry = (await entryOf(w.token.alice, inmailId))!;
    await call('updateRead', { receiveId: entry.receiveId }, w.token.alice);
    expect(await first()).toBe(start);
    await send({ inmailTitle: '再一封' });
    expect(await first()).toBe(start + 1);
    const again = (await w.t.db
      .selectFrom('mailInbox')
      .select('id')
      .where('staffId', '=', w.alice.id)
      .where('state', '=', 1)
      .where('deleted', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow())!;
    await call('delReceive', { receiveIdArr: String(again.id) }, w.token.alice);
    expect(await first()).toBe(start);
    // The other page was told too: changes close together may be told as one, the last count.
    await send({ inmailTitle: '第三封' });
    await send({ inmailTitle: '第四封' });
    expect(await reaches(first, start + 2)).toBe(true);
    expect(await reaches(second, start + 2)).toBe(true);

    const watching = () =>
      (w.t.services.mail as unknown as { feed: { watching: number } }).feed.watching;
    expect(watching()).toBe(2);
    stop.abort();
    for (let i = 0; i < 50 && watching() > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(watching()).toBe(0);
  });

  it('refuses a stream without a live session', async () => {
    expectRefusal(
      await w.t.app.inject({ method: 'GET', url: '/api/email/unreadEvents' }),
      401,
      'token错误',
    );
    expectRefusal(
      await w.t.app.inject({
        method: 'GET',
        url: '/api/email/unreadEvents',
        headers: { cookie: `${FILE_COOKIE}=not-a-session` },
      }),
      401,
      'token错误',
    );
  });
});
