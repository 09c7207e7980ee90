import type { EventBus } from '../../providers/events/event-bus.ts';
import type { GroupState } from '../account-book.ts';
import { standingsTableOf } from '../compute-standings.ts';
import { ENGINE_CHANNELS, type EngineAnnouncement, type EngineNotifier } from '../engine-contract.ts';
import type { MarketQuote } from '../simulated-feed.ts';

// The tick's third stage: once persist-tick.ts has committed, the world hears about it. It only
// ever receives a saved result: a tick that saved nothing (the lead was lost) is never published.

export type PublishDeps = { bus: EventBus; notifier: EngineNotifier };

export type PublishedTick = {
  now: number;
  quotes: Map<string, MarketQuote>;
  /** Replay competitions' quotes of this tick, by competition. */
  replayQuotes: ReadonlyMap<string, Map<string, MarketQuote>>;
  /** The competitions in memory (their standings are sorted again and published). */
  groups: ReadonlyMap<string, GroupState>;
  /** Competitions this tick finalised (their final standings go out once more). */
  finalized: GroupState[];
  /** The stored notifications to announce. */
  announcements: EngineAnnouncement[];
};

/**
 * Quotes, replays' quotes, standings of the competitions under way that someone streams (their
 * top and the streaming members' rows: compute-standings.ts's StandingsFrame), then the
 * notifications.
 */
export async function publishTick(deps: PublishDeps, tick: PublishedTick): Promise<void> {
  const { bus } = deps;
  // Only the market's holder has quotes to publish; a process that only holds competitions has none.
  if (tick.quotes.size)
    void bus.publish(ENGINE_CHANNELS.quotes, [...tick.quotes.values()]).catch(() => undefined);
  for (const [groupId, quotes] of tick.replayQuotes) {
    if (tick.groups.get(groupId)?.replay)
      void bus.publish(ENGINE_CHANNELS.groupQuotes(groupId), [...quotes.values()]).catch(() => undefined);
  }
  const finalizedNow = new Set(tick.finalized.map((group) => group.id));
  for (const group of tick.groups.values()) {
    if (tick.now < group.startMs || (group.finalized && !finalizedNow.has(group.id))) continue;
    const channel = ENGINE_CHANNELS.standings(group.id);
    // `group.standings` is built when someone reads it (memory.standings).
    group.standingsStale = true;
    // Nobody streams it: no frame is built.
    if (!bus.watched(channel)) continue;
    // The top and the rows of whoever streams it (the whole table while that is not known yet).
    const frame = standingsTableOf(group).frame(bus.listeners(channel));
    void bus.publish(channel, frame).catch(() => undefined);
  }
  await deps.notifier.announce(tick.announcements);
}
