import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { UnreadFeed } from '../../modules/mail/unread-feed.js';
import { Bus, type BusChannel } from '../bus.js';

/**
 * Workers' buses wired through a stand-in for the primary, as node:cluster's IPC would:
 * what one worker sends reaches every other worker, never itself.
 */
function workers(count: number): Bus[] {
  const ends = Array.from({ length: count }, () => new EventEmitter());
  return ends.map((end, index) => {
    const channel: BusChannel = {
      send: (message) => {
        for (const [other, peer] of ends.entries()) {
          if (other !== index) queueMicrotask(() => peer.emit('message', message));
        }
      },
      on: (event, listener) => void end.on(event, listener),
    };
    return new Bus(channel);
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the workers bus', () => {
  it('tells every other worker, not the sender', async () => {
    const [a, b, c] = workers(3);
    const heard: string[] = [];
    a!.subscribe('t', (data) => heard.push(`a:${String(data)}`));
    b!.subscribe('t', (data) => heard.push(`b:${String(data)}`));
    c!.subscribe('other', (data) => heard.push(`c:${String(data)}`));
    a!.publish('t', 1);
    await tick();
    expect(heard).toEqual(['b:1']);
  });

  it('brings a mail change made in one worker to the unread stream held by another', async () => {
    const [one, two] = workers(2);
    const sender = new UnreadFeed(one);
    const holder = new UnreadFeed(two);
    const told: number[] = [];
    holder.subscribe(7, () => told.push(7));
    holder.subscribe(8, () => told.push(8));
    let local = 0;
    sender.subscribe(7, () => local++);
    sender.notify([7, 7, 9]);
    expect(local).toBe(1);
    await tick();
    expect(told).toEqual([7]);
  });

  it('is silent outside a cluster', () => {
    const alone = new Bus();
    const heard: unknown[] = [];
    alone.subscribe('t', (data) => heard.push(data));
    alone.publish('t', 1);
    expect(heard).toEqual([]);
  });
});
