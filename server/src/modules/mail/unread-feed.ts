/** Told that a person's unread count may have changed. */
export type UnreadListener = () => void;

/**
 * Who is watching their unread count (the pages' live counter) and the
 * signal that it may have changed: a mail arrived, was read, deleted or
 * recalled. In-process: one server process holds every stream. (Several
 * processes would bridge it through PostgreSQL LISTEN/NOTIFY.)
 */
export class UnreadFeed {
  private readonly listeners = new Map<number, Set<UnreadListener>>();

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
    for (const id of new Set(staffIds)) {
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
