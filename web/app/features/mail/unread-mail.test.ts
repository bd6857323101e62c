import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn<(path: string) => Promise<number>>();
vi.mock('../../api/client', () => ({ call: (path: string) => call(path) }));
vi.mock('../../lib/session', () => ({ getUser: () => ({ staffId: 1, token: 't' }) }));

/** A window and document with just what the store uses. */
function fakeBrowser() {
  const target = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('window', target);
  vi.stubGlobal('document', doc);
  return { window: target, document: doc };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the shared unread mail counter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    call.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls once every 4 s however many parts of the page show it, and stops with the last', async () => {
    fakeBrowser();
    call.mockResolvedValue(3);
    const store = await import('./unread-mail');
    const offChrome = store.subscribeUnreadMail(vi.fn());
    const offPage = store.subscribeUnreadMail(vi.fn());
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
    expect(store.unreadMailCount()).toBe(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(call).toHaveBeenCalledTimes(2);
    offChrome();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(call).toHaveBeenCalledTimes(3);
    offPage();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('rests while the tab is hidden and asks at once when it is seen again', async () => {
    const browser = fakeBrowser();
    call.mockResolvedValue(1);
    const store = await import('./unread-mail');
    const off = store.subscribeUnreadMail(() => undefined);
    await settle();
    browser.document.visibilityState = 'hidden';
    await vi.advanceTimersByTimeAsync(12_000);
    expect(call).toHaveBeenCalledTimes(1);
    call.mockResolvedValue(2);
    browser.document.visibilityState = 'visible';
    browser.document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(call).toHaveBeenCalledTimes(2);
    expect(store.unreadMailCount()).toBe(2);
    browser.window.dispatchEvent(new Event('focus'));
    await settle();
    expect(call).toHaveBeenCalledTimes(3);
    off();
  });

  it('tells the listeners of a new count only, and takes a count from updateRead', async () => {
    fakeBrowser();
    call.mockResolvedValue(5);
    const store = await import('./unread-mail');
    const seen = vi.fn();
    const off = store.subscribeUnreadMail(seen);
    await settle();
    expect(seen).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(seen).toHaveBeenCalledTimes(1);
    store.setUnreadMail(4);
    expect(seen).toHaveBeenCalledTimes(2);
    expect(store.unreadMailCount()).toBe(4);
    off();
  });

  it('rests the poll while the live stream tells the count, and polls again when it drops', async () => {
    fakeBrowser();
    const streams: EventTarget[] = [];
    class FakeEventSource extends EventTarget {
      constructor(readonly url: string) {
        super();
        streams.push(this);
      }
      close() {}
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    call.mockResolvedValue(2);
    const store = await import('./unread-mail');
    const off = store.subscribeUnreadMail(vi.fn());
    await settle();
    expect(streams).toHaveLength(1);
    expect((streams[0] as FakeEventSource).url).toBe('/api/email/unreadEvents');
    streams[0].dispatchEvent(new MessageEvent('unread', { data: '7' }));
    expect(store.unreadMailCount()).toBe(7);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(call).toHaveBeenCalledTimes(1);
    streams[0].dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(call).toHaveBeenCalledTimes(2);
    expect(store.unreadMailCount()).toBe(2);
    off();
  });
});
