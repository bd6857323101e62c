import type { Kysely } from 'kysely';
import { processBus, type Bus } from '../cluster/bus.js';
import { siteWritesOf } from './content-watch.js';
import { nextDue, readContentVersion } from './content-version.js';
import type { Database } from './schema.js';
import { iso, type Clock } from '../time.js';

/** What a render may be stored under: the version it read, and when it must end at the latest. */
export interface Freshness {
  version: number;
  /** ms since the epoch: the next scheduled item becomes due (Infinity: none is scheduled). */
  expiresAt: number;
  /** ms since the epoch: the time the due moment was read at (a clock set back ends it too). */
  from: number;
}

const TOPIC = 'site-version';

/** Any other process's content write is heard within this long even without the bus. */
export const FRESH_WITHIN_MS = 1000;

/**
 * How often the row is read: half the bound, so that a write committed just after a read is
 * heard at the next one with room for that read and a busy event loop. Read once a second, such
 * a write was heard after the second and the read (1,026 ms in the two-copies test).
 */
export const POLL_MS = FRESH_WITHIN_MS / 2;

/**
 * The public site's content version as this process knows it (the site_version row; see
 * db/content-watch.ts), with the moment the next scheduled item becomes public. A cached
 * page belongs to one version and ends at that moment, so neither an edit nor an item
 * becoming due is ever shown late. This process's own writes are heard as they commit;
 * other processes' through the bus (`learn`) and by polling the row.
 */
export class SiteVersion {
  /** The newest version heard of. */
  private version = 0;
  /** The version `dueAt` was computed for; renders are stored only when it is `version`. */
  private checked = -1;
  private dueAt = Infinity;
  /** The clock's time when `dueAt` was read. */
  private dueFrom = -Infinity;
  private refreshing: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    bus: Bus = processBus,
  ) {
    const writes = siteWritesOf(db);
    writes?.arm();
    // This process's commits are told to the other workers at once; theirs come back the same way.
    writes?.onVersion((version) => {
      this.learn(version);
      bus.publish(TOPIC, version);
    });
    bus.subscribe(TOPIC, (version) => {
      if (typeof version === 'number') this.learn(version);
    });
  }

  /** Polls the row until `stop` (once started, another start changes nothing). */
  start(pollMs = POLL_MS): void {
    if (this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Whether this process hears every change by itself (its own commits, the bus, the poll):
   * then what it knows may be used without reading the row. Before `start` (a seeder, a
   * script) only its own commits are heard.
   */
  get live(): boolean {
    return this.timer !== undefined;
  }

  /** Tells of a version heard of elsewhere (a commit here, the bus, the poll). */
  learn(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    void this.refresh();
  }

  /**
   * What a render starting now may be stored under; undefined while the next due moment of
   * the newest version is not known yet (or has just come): then the page is rendered, not stored.
   */
  current(): Freshness | undefined {
    if (!this.known()) {
      void this.refresh();
      return undefined;
    }
    return this.freshness();
  }

  /**
   * What an answer computed now may be kept under, waiting for the row when the newest
   * version's due moment is not known yet; undefined when that could not be read.
   */
  async fresh(): Promise<Freshness | undefined> {
    if (!this.known()) await (this.refreshing ?? this.refresh());
    return this.known() ? this.freshness() : undefined;
  }

  /** Whether something stored under `freshness` may still be served. */
  holds(freshness: Freshness): boolean {
    const now = this.clock().getTime();
    return freshness.version === this.version && freshness.from <= now && now < freshness.expiresAt;
  }

  /** The newest version heard of has its due moment read, and that moment has not come. */
  private known(): boolean {
    const now = this.clock().getTime();
    return this.checked === this.version && this.dueFrom <= now && now < this.dueAt;
  }

  private freshness(): Freshness {
    return { version: this.version, expiresAt: this.dueAt, from: this.dueFrom };
  }

  /** Reads the row and the next due moment; one at a time, once more if asked meanwhile. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.again = false;
          await this.read();
        } while (this.again);
      } catch {
        // The database is away: nothing is stored until it answers again.
        this.checked = -1;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private async read(): Promise<void> {
    const version = await readContentVersion(this.db);
    const now = this.clock();
    const due = await nextDue(this.db, iso(now));
    const dueAt = due ? Date.parse(due) : Infinity;
    this.learn(version);
    // A write committed while the due moment was read is heard as a newer version.
    if (version === this.version) {
      this.dueAt = dueAt;
      this.dueFrom = now.getTime();
      this.checked = version;
    } else {
      this.again = true;
    }
  }
}

const versions = new WeakMap<Kysely<Database>, SiteVersion>();

/**
 * The one SiteVersion of a database in this process, made on the first call with the clock
 * the app's services run on (createServices): the page cache, the kept counts and the kept
 * API answers all follow it.
 */
export function siteVersionFor(db: Kysely<Database>, clock: Clock): SiteVersion {
  let version = versions.get(db);
  if (!version) {
    version = new SiteVersion(db, clock);
    versions.set(db, version);
  }
  return version;
}

/** The SiteVersion of a database, if services were made over it in this process. */
export const siteVersionOf = (db: Kysely<Database>): SiteVersion | undefined => versions.get(db);
