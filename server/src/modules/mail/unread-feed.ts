import { processBus, type Bus } from '../../cluster/bus.js';

const TOPIC = 'mail-unread';

/** Told that a person's unread count may have changed. */
export type UnreadListener = () => void;

/**
 * Who is watching their unread count (the pages' live counter) and the
 * signal that it may have changed: a mail arrived, was read, deleted or
 * recalled. A change made in one worker process is told to the others over the
 * cluster bus (cluster/bus.ts), so a stream held by any worker hears it.
 */
export class UnreadFeed {
  private readonly listeners = new Map<number, Set<UnreadListener>>();

  constructor(private readonly bus: Bus = processBus) {
    bus.subscribe(TOPIC, (ids) => {
      if (Array.isArray(ids)) this.deliver(ids.filter((id) => typeof id === 'number'));
    });
  }

  subscribe(staffId: number, listener: UnreadListener): () => void {
    const set = this.listeners.get(staffId) ?? new Set();
    set.add(listener);
    this.listeners.set(staffId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(staffId);
    };
  }

  notify(staffIds: Iterable<number>): void {
    const ids = [...new Set(staffIds)];
    this.deliver(ids);
    if (ids.length) this.bus.publish(TOPIC, ids);
  }

  private deliver(ids: number[]): void {
    for (const id of ids) {
      for (const listener of this.listeners.get(id) ?? []) listener();
    }
  }

  /** Open streams, for the health of the process (and tests). */
  get watching(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}
