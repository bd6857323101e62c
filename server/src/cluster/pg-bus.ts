import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BusChannel, BusMessage } from './bus.js';

/** The PostgreSQL notification channel every copy of the site listens on. */
export const BUS_CHANNEL = 'school_bus';
/** Wait before connecting again after the listening connection was lost. */
const RETRY_MS = 1000;

interface Envelope {
  origin: string;
  message: BusMessage;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Envelope).origin === 'string' &&
  typeof (value as Envelope).message === 'object';

/**
 * The bus over PostgreSQL's LISTEN/NOTIFY, for a site run as several copies (workers of one
 * machine or servers behind a load balancer) on one PostgreSQL database: each process keeps one
 * connection that listens, and a message is sent with pg_notify, so every other process of the
 * site hears it, whichever machine it runs on; the sender skips its own (by origin).
 *
 * When the listening connection is lost the channel connects again every RETRY_MS; what is sent
 * meanwhile is not heard. The content version does not depend on it (SiteVersion also reads the
 * database's row every second); an unread-mail stream hears the next change.
 */
export class PgBusChannel implements BusChannel {
  private readonly origin = randomUUID();
  private readonly listeners = new Set<(message: unknown) => void>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly warn: (message: string, err?: unknown) => void = () => {},
  ) {}

  /** Connects and listens; rejects when the database cannot be reached at all. */
  async start(): Promise<void> {
    await this.connect();
  }

  send(message: BusMessage): void {
    const client = this.client;
    if (!client) return;
    const payload = JSON.stringify({ origin: this.origin, message } satisfies Envelope);
    client
      .query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payload])
      .catch((err: unknown) => this.warn('bus: a message was not sent', err));
  }

  on(_event: 'message', listener: (message: unknown) => void): void {
    this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (note) => this.heard(note));
    // A lost connection ends the client: listen again on a new one.
    client.on('error', (err) => {
      this.warn('bus: the listening connection failed', err);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private heard(note: pg.Notification): void {
    if (note.channel !== BUS_CHANNEL || !note.payload) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(note.payload);
    } catch {
      return;
    }
    if (!isEnvelope(envelope) || envelope.origin === this.origin) return;
    for (const listener of this.listeners) listener(envelope.message);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect().catch((err: unknown) => {
        this.warn('bus: cannot listen again yet', err);
        this.retry();
      });
    }, RETRY_MS);
    this.timer.unref();
  }
}
