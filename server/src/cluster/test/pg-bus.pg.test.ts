import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadFeed } from '../../modules/mail/unread-feed.js';
import { createTestDatabase, type TestDatabase } from '../../test-kit/database.js';
import { Bus } from '../bus.js';
import { BUS_CHANNEL, PgBusChannel } from '../pg-bus.js';

// PostgreSQL only: this file is part of the PostgreSQL run alone (vitest.config.ts).

/** Waits until `check` holds (each 20 ms, up to 10 s); the notifications travel through the server. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

describe('the bus over PostgreSQL LISTEN/NOTIFY (copies of the site on several machines)', () => {
  let t: TestDatabase;
  const channels: PgBusChannel[] = [];
  const copy = async () => {
    const channel = new PgBusChannel(t.url!);
    await channel.start();
    channels.push(channel);
    return new Bus(channel);
  };

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    for (const channel of channels) await channel.close();
    await t.close();
  });

  it('tells every other copy, not the sender', async () => {
    const [a, b, c] = [await copy(), await copy(), await copy()];
    const heard: string[] = [];
    a.subscribe('t', (data) => heard.push(`a:${String(data)}`));
    b.subscribe('t', (data) => heard.push(`b:${String(data)}`));
    c.subscribe('t', (data) => heard.push(`c:${String(data)}`));
    a.publish('t', 1);
    await until(() => heard.length === 2);
    expect(heard.sort()).toEqual(['b:1', 'c:1']);
  });

  it('brings a mail sent through one copy to the unread stream held by another', async () => {
    const sender = new UnreadFeed(await copy());
    const holder = new UnreadFeed(await copy());
    const told: number[] = [];
    holder.subscribe(7, () => told.push(7));
    holder.subscribe(8, () => told.push(8));
    sender.notify([7, 9]);
    await until(() => told.length > 0);
    expect(told).toEqual([7]);
  });

  it('listens again after its connection is cut', async () => {
    const a = await copy();
    const b = await copy();
    const heard: unknown[] = [];
    b.subscribe('t', (data) => heard.push(data));
    // The database ends every connection listening on the bus (a restart, a failover).
    const admin = new pg.Client({ connectionString: t.url! });
    await admin.connect();
    try {
      const cut = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE pid <> pg_backend_pid() AND datname = current_database() AND query LIKE $1`,
        [`LISTEN ${BUS_CHANNEL}%`],
      );
      expect(cut.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Until both have listened again a message may be lost; one sent after is heard.
    let sent = 0;
    await until(() => {
      if (heard.length === 0) a.publish('t', ++sent);
      return heard.length > 0;
    });
    expect(heard[0]).toBeGreaterThan(0);
  });
});
