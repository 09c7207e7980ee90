import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_STREAM_LIMITS, LiveStream, type LiveStreamTarget } from './live-stream.ts';

/**
 * A response whose client takes nothing until told to: every byte written waits in
 * `writableLength`, as on a socket whose peer stopped reading. `drain()` hands it all over.
 */
class SlowSocket extends EventEmitter implements LiveStreamTarget {
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  /** What the client has received, and what is still waiting. */
  received = '';
  private waiting = '';

  write(chunk: string): boolean {
    this.waiting += chunk;
    this.writableLength += Buffer.byteLength(chunk);
    return this.writableLength < 16 * 1024;
  }
  end() {
    this.writableEnded = true;
  }
  destroy() {
    this.destroyed = true;
    this.waiting = '';
    this.writableLength = 0;
  }
  drain() {
    this.received += this.waiting;
    this.waiting = '';
    this.writableLength = 0;
    this.emit('drain');
  }
  /** The data frames received so far: event, parsed data, id. */
  frames() {
    return this.received
      .split('\n\n')
      .filter((block) => block.includes('\ndata: '))
      .map((block) => ({
        event: block.match(/^event: (.*)$/m)![1],
        data: JSON.parse(block.match(/^data: (.*)$/m)![1]) as unknown,
        id: Number(block.match(/^id: (\d+)$/m)![1]),
      }));
  }
}

const quote = (price: number) => ({ event: 'quotes', data: JSON.stringify([{ symbol: 'X', mid: price }]) });

describe('a live stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for its retry delay, then numbers every data frame from 1, strictly rising', () => {
    const socket = new SlowSocket();
    const stream = new LiveStream(socket, { retryMs: 3000 });
    stream.send('notification', { n: 1 });
    stream.latest('unread', () => ({ event: 'unread', data: '{"unreadCount":1}' }));
    stream.send('notification', { n: 2 });
    socket.drain();
    expect(socket.received.startsWith('retry: 3000\n\n')).toBe(true);
    // Each frame begins as frames always have; the id comes last.
    expect(socket.received).toContain('event: notification\ndata: {"n":1}\nid: 1\n\n');
    expect(socket.frames().map((frame) => [frame.event, frame.id])).toEqual([
      ['notification', 1],
      ['unread', 2],
      ['notification', 3],
    ]);
    stream.end();
  });

  it('sends a heartbeat comment every 25 s while the client keeps up', () => {
    const socket = new SlowSocket();
    const stream = new LiveStream(socket, { retryMs: 3000 });
    vi.advanceTimersByTime(LIVE_STREAM_LIMITS.heartbeatMs * 3);
    socket.drain();
    expect(socket.received.match(/^: keep-alive$/gm)).toHaveLength(3);
    stream.end();
    vi.advanceTimersByTime(LIVE_STREAM_LIMITS.heartbeatMs * 3);
    socket.drain();
    expect(socket.received.match(/^: keep-alive$/gm)).toHaveLength(3);
  });

  it('keeps the bytes waiting for a client that never drains under the bound, holding only the latest snapshot', () => {
    const socket = new SlowSocket();
    const resync = vi.fn(() =>
      stream.latest('unread', () => ({ event: 'unread', data: '{"unreadCount":9}' })),
    );
    const stream = new LiveStream(socket, { retryMs: 3000, onResync: resync });
    for (let price = 1; price <= 10_000; price += 1) {
      stream.latest('quotes', () => quote(price));
      stream.send('notification', { price, padding: 'x'.repeat(200) });
    }
    const stats = stream.stats;
    expect(stats.behind).toBe(true);
    // At most one frame (~300 bytes here) past the point where the client counts as behind.
    expect(stats.maxBufferedBytes).toBeLessThanOrEqual(LIVE_STREAM_LIMITS.behindBytes + 300);
    expect(stats.held).toBe(1);
    expect(stats.coalesced).toBeGreaterThan(9000);
    expect(stats.dropped).toBeGreaterThan(9000);
    // Heartbeats do not pile up on a client that is behind either.
    vi.advanceTimersByTime(LIVE_STREAM_LIMITS.heartbeatMs * 2);
    expect(stream.stats.bufferedBytes).toBe(stats.bufferedBytes);
    expect(resync).not.toHaveBeenCalled();

    // When it catches up it sees a gap, then the snapshot and the latest quote (not the 9,000 before).
    socket.drain();
    socket.drain();
    const frames = socket.frames();
    const ids = frames.map((frame) => frame.id);
    for (let index = 1; index < ids.length; index += 1) expect(ids[index]).toBeGreaterThan(ids[index - 1]);
    const gapAt = ids.findIndex((id, index) => index > 0 && id !== ids[index - 1] + 1);
    expect(gapAt).toBeGreaterThan(0);
    expect(resync).toHaveBeenCalledOnce();
    expect(frames.slice(gapAt).map((frame) => [frame.event, frame.data])).toEqual([
      ['unread', { unreadCount: 9 }],
      ['quotes', [{ symbol: 'X', mid: 10_000 }]],
    ]);
    expect(frames.at(-1)!.id).toBe(stats.seq + 2);
    expect(stream.stats).toMatchObject({ behind: false, held: 0, gaps: 1 });
    stream.end();
  });

  it('renders a held snapshot when it is written, so a delta is measured against what the client has', () => {
    const socket = new SlowSocket();
    const stream = new LiveStream(socket, { retryMs: 3000, limits: { behindBytes: 100 } });
    let renders = 0;
    stream.send('notification', { padding: 'x'.repeat(200) });
    for (let n = 0; n < 50; n += 1)
      stream.latest('standings', () => {
        renders += 1;
        return { event: 'standings', data: String(n) };
      });
    expect(renders).toBe(0);
    socket.drain();
    expect(renders).toBe(1);
    socket.drain();
    expect(socket.frames().at(-1)).toMatchObject({ event: 'standings', data: 49, id: 2 });
    stream.end();
  });

  it('cuts a client that has not drained for a minute, releasing what waited for it', () => {
    const socket = new SlowSocket();
    const onEnd = vi.fn();
    const stream = new LiveStream(socket, { retryMs: 3000, onEnd });
    for (let n = 0; n < 1000; n += 1) stream.send('notification', { n, padding: 'x'.repeat(200) });
    expect(stream.stats.behind).toBe(true);
    vi.advanceTimersByTime(LIVE_STREAM_LIMITS.stallMs - 1);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledWith('too-slow');
    expect(socket.destroyed).toBe(true);
    expect(stream.stats).toMatchObject({ ended: 'too-slow', bufferedBytes: 0, held: 0 });
    // Nothing more is written to it.
    stream.send('notification', {});
    expect(socket.writableLength).toBe(0);
  });

  it('cuts a client at once past the hard byte bound (one very large frame)', () => {
    const socket = new SlowSocket();
    const onEnd = vi.fn();
    const stream = new LiveStream(socket, { retryMs: 3000, onEnd });
    stream.send('notification', { padding: 'x'.repeat(LIVE_STREAM_LIMITS.closeBytes) });
    expect(onEnd).toHaveBeenCalledWith('too-slow');
    expect(socket.destroyed).toBe(true);
  });

  it('keeps a client that drains in time, and its stall clock starts again', () => {
    const socket = new SlowSocket();
    const onEnd = vi.fn();
    const stream = new LiveStream(socket, { retryMs: 3000, onEnd });
    for (let round = 0; round < 3; round += 1) {
      for (let n = 0; n < 400; n += 1) stream.send('notification', { n, padding: 'x'.repeat(200) });
      vi.advanceTimersByTime(LIVE_STREAM_LIMITS.stallMs - 1000);
      socket.drain();
    }
    expect(onEnd).not.toHaveBeenCalled();
    expect(stream.stats.gaps).toBe(3);
    stream.end();
    expect(onEnd).toHaveBeenCalledWith('ended');
    expect(socket.writableEnded).toBe(true);
  });

  it('ends once when the client goes, and writes nothing after', () => {
    const socket = new SlowSocket();
    const onEnd = vi.fn();
    const stream = new LiveStream(socket, { retryMs: 3000, onEnd });
    socket.emit('close');
    socket.emit('close');
    stream.end();
    expect(onEnd).toHaveBeenCalledOnce();
    expect(onEnd).toHaveBeenCalledWith('closed');
    const written = socket.writableLength;
    stream.latest('unread', () => ({ event: 'unread', data: '1' }));
    vi.advanceTimersByTime(LIVE_STREAM_LIMITS.heartbeatMs);
    expect(socket.writableLength).toBe(written);
  });
});
