import cluster from 'node:cluster';

/** A message every other process of the site hears (through the primary, or PostgreSQL). */
export interface BusMessage {
  schoolBus: true;
  topic: string;
  data: unknown;
}

/** How a process talks to the primary: `process` in a cluster worker. */
export interface BusChannel {
  send(message: BusMessage): void;
  on(event: 'message', listener: (message: unknown) => void): void;
}

const isBusMessage = (message: unknown): message is BusMessage =>
  typeof message === 'object' && message !== null && (message as BusMessage).schoolBus === true;

/**
 * Tells the site's other worker processes what changed in this one: the content version
 * (db/site-version.ts) and whose unread mail count moved (modules/mail/unread-feed.ts).
 * Only others hear a message: this process has acted on it already. Outside a cluster (one
 * process, the tests) there is nobody to tell. On PostgreSQL the server attaches a channel over
 * LISTEN/NOTIFY instead (pg-bus.ts), which also reaches copies on other machines.
 */
export class Bus {
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();
  private channel: BusChannel | undefined;

  constructor(channel?: BusChannel) {
    if (channel) this.attach(channel);
  }

  /** Sends and hears through `channel` from now on (the one before is no longer sent to). */
  attach(channel: BusChannel): void {
    this.channel = channel;
    channel.on('message', (message) => {
      if (this.channel !== channel || !isBusMessage(message)) return;
      for (const handler of this.handlers.get(message.topic) ?? []) handler(message.data);
    });
  }

  publish(topic: string, data: unknown): void {
    this.channel?.send({ schoolBus: true, topic, data });
  }

  subscribe(topic: string, handler: (data: unknown) => void): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
    return () => set.delete(handler);
  }
}

/** This process's bus: through the primary in a cluster worker, silent otherwise. */
export const processBus = new Bus(
  cluster.isWorker ? (process as unknown as BusChannel) : undefined,
);

/** The primary's part: each worker's bus message goes to every other worker. */
export function relayBus(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isBusMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}
