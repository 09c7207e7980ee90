/**
 * One server-sent event stream to one client, with bounded memory (ADR 026).
 *
 * Every data frame carries `id: <seq>`, a per-stream sequence that starts at 1 and only rises. A
 * client that is not taking its bytes (a slow link, a paused tab, a dead peer the kernel has not
 * noticed) stops receiving frames once LIVE_STREAM_LIMITS.behindBytes wait for it:
 * - `latest(key, render)` frames are snapshots (standings, quotes, an unread count): only the latest
 *   per key is kept, and rendered when the client has caught up, so nothing is lost;
 * - `send(event, data)` frames are events (a new notification): they are dropped, each still taking
 *   its sequence number, so the client sees a gap; when it catches up `onResync` offers the current
 *   state and the client refetches what it mirrors.
 * A client that has not drained for `stallMs`, or has more than `closeBytes` waiting, is cut off
 * (its buffered bytes released); it reconnects and starts from a snapshot.
 */

export const LIVE_STREAM_LIMITS = {
  /** A comment line this often keeps proxies from closing an idle stream (the web gives up after 70 s of silence). */
  heartbeatMs: 25_000,
  /** Past this many bytes waiting for the client, it is behind: snapshots are held, events dropped. */
  behindBytes: 64 * 1024,
  /** Past this many bytes waiting (only reachable with one very large frame), the stream is cut. */
  closeBytes: 1024 * 1024,
  /** A client behind for this long without draining is cut; it reconnects to a snapshot. */
  stallMs: 60_000,
};
export type LiveStreamLimits = typeof LIVE_STREAM_LIMITS;

/** A frame's event name and its data as JSON text. */
export type LiveFrame = { event: string; data: string };

/** Why a stream ended: by the server (`end()`), by the client or network, or for being too slow. */
export type LiveStreamEndReason = 'ended' | 'closed' | 'too-slow';

/** What the helper needs of the response (a ServerResponse has it; tests pass a slow fake). */
export interface LiveStreamTarget {
  write(chunk: string): boolean;
  end(): unknown;
  destroy(): unknown;
  readonly writableLength: number;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

export type LiveStreamStats = {
  /** The last sequence number given (written or dropped). */
  seq: number;
  /** Bytes waiting for the client now, and the most there ever were. */
  bufferedBytes: number;
  maxBufferedBytes: number;
  /** Event frames dropped while the client was behind, and how many gaps it was told of. */
  dropped: number;
  gaps: number;
  /** Snapshot frames replaced by a later one of their key while the client was behind. */
  coalesced: number;
  /** Snapshot frames held now (at most one per key). */
  held: number;
  behind: boolean;
  ended: LiveStreamEndReason | null;
};

export type LiveStreamOptions = {
  /** The reconnection delay the client is asked to wait (`retry:`), in milliseconds. */
  retryMs: number;
  limits?: Partial<LiveStreamLimits>;
  /** The client caught up after frames were dropped: offer the current state (with `latest`). */
  onResync?: () => void;
  /** Called once, whatever ended the stream: release subscriptions here. */
  onEnd?: (reason: LiveStreamEndReason) => void;
};

export class LiveStream {
  private readonly limits: LiveStreamLimits;
  private seq = 0;
  private behind = false;
  /** Events dropped since the client fell behind (a gap to report when it catches up). */
  private missed = 0;
  private readonly held = new Map<string, () => LiveFrame | null>();
  private readonly heartbeat: NodeJS.Timeout;
  private stall: NodeJS.Timeout | undefined;
  private endReason: LiveStreamEndReason | null = null;
  private counters = { maxBufferedBytes: 0, dropped: 0, gaps: 0, coalesced: 0 };
  private readonly onDrain = () => this.caughtUp();
  private readonly onClose = () => this.end('closed');

  constructor(
    private readonly target: LiveStreamTarget,
    private readonly options: LiveStreamOptions,
  ) {
    this.limits = { ...LIVE_STREAM_LIMITS, ...options.limits };
    target.on('drain', this.onDrain);
    target.on('close', this.onClose);
    this.writeRaw(`retry: ${options.retryMs}\n\n`);
    this.heartbeat = setInterval(() => {
      // A client that is behind has bytes coming already; a comment would only add to them.
      if (!this.behind) this.writeRaw(': keep-alive\n\n');
    }, this.limits.heartbeatMs);
  }

  get ended(): boolean {
    return this.endReason !== null;
  }

  get stats(): LiveStreamStats {
    return {
      seq: this.seq,
      bufferedBytes: this.ended ? 0 : this.target.writableLength,
      ...this.counters,
      held: this.held.size,
      behind: this.behind,
      ended: this.endReason,
    };
  }

  /** An event whose every frame matters: written now, or dropped (a gap) while the client is behind. */
  send(event: string, data: unknown): void {
    if (this.ended) return;
    if (this.behind) {
      this.seq += 1;
      this.missed += 1;
      this.counters.dropped += 1;
      return;
    }
    this.writeFrame({ event, data: JSON.stringify(data) });
  }

  /**
   * A snapshot that replaces earlier frames of its key: written now, or held (the latest only)
   * while the client is behind. `render` runs when the frame is written, so what it says is
   * measured against what the client last received; it returns null when there is nothing to send.
   */
  latest(key: string, render: () => LiveFrame | null): void {
    if (this.ended) return;
    if (this.behind) {
      if (this.held.delete(key)) this.counters.coalesced += 1;
      this.held.set(key, render);
      return;
    }
    // A newer frame supersedes one still held for its key.
    this.held.delete(key);
    const frame = render();
    if (frame) this.writeFrame(frame);
  }

  /** Ends the stream (idempotent): timers, listeners and held frames go; `onEnd` runs once. */
  end(reason: LiveStreamEndReason = 'ended'): void {
    if (this.ended) return;
    this.endReason = reason;
    clearInterval(this.heartbeat);
    clearTimeout(this.stall);
    this.held.clear();
    this.target.off('drain', this.onDrain);
    this.target.off('close', this.onClose);
    // Too slow: its waiting bytes are released now, not handed on to a socket that is not reading.
    if (reason === 'too-slow') this.target.destroy();
    else if (!this.target.writableEnded && !this.target.destroyed) this.target.end();
    this.options.onEnd?.(reason);
  }

  private writeFrame({ event, data }: LiveFrame): void {
    this.seq += 1;
    // `id:` last, so every frame still begins `event: …\ndata: …` as it always has.
    this.writeRaw(`event: ${event}\ndata: ${data}\nid: ${this.seq}\n\n`);
  }

  private writeRaw(text: string): void {
    if (this.ended || this.target.writableEnded || this.target.destroyed) return;
    this.target.write(text);
    const buffered = this.target.writableLength;
    if (buffered > this.counters.maxBufferedBytes) this.counters.maxBufferedBytes = buffered;
    if (buffered > this.limits.closeBytes) {
      this.end('too-slow');
    } else if (buffered > this.limits.behindBytes && !this.behind) {
      this.behind = true;
      this.stall = setTimeout(() => this.end('too-slow'), this.limits.stallMs);
    }
  }

  /** Everything written has left ('drain'): report a gap, then write what was held. */
  private caughtUp(): void {
    if (!this.behind || this.ended) return;
    this.behind = false;
    clearTimeout(this.stall);
    this.stall = undefined;
    if (this.missed > 0) {
      this.missed = 0;
      this.counters.gaps += 1;
      this.options.onResync?.();
    }
    for (const [key, render] of [...this.held]) {
      if (this.ended) return;
      // Written now, or held again if the client fell behind once more.
      this.held.delete(key);
      this.latest(key, render);
    }
  }
}
