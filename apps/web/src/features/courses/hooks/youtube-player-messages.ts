/**
 * The YouTube embed's postMessage protocol (what the IFrame API script speaks under the hood), used
 * directly so the page loads no third-party script: after the player loads we send 'listening',
 * and a player embedded with enablejsapi=1 answers with 'infoDelivery' messages carrying its
 * currentTime and playerState; commands such as seekTo travel the other way.
 */
export const YOUTUBE_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

/** playerState values of the IFrame API. */
export const PlayerState = { ended: 0, playing: 1, paused: 2 } as const;

export type PlayerReport = { currentTime?: number; playerState?: number };

/** The time and state in a message from the player, or null for anything else. */
export function readPlayerMessage(data: unknown): PlayerReport | null {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!message || typeof message !== 'object') return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (event === 'onReady') return {};
  if (event !== 'infoDelivery' && event !== 'initialDelivery') return null;
  const report: PlayerReport = {};
  if (info && typeof info === 'object') {
    const { currentTime, playerState } = info as { currentTime?: unknown; playerState?: unknown };
    if (typeof currentTime === 'number' && Number.isFinite(currentTime)) report.currentTime = currentTime;
    if (typeof playerState === 'number') report.playerState = playerState;
  }
  return report;
}

export function listeningMessage(id: number): string {
  return JSON.stringify({ event: 'listening', id, channel: 'widget' });
}

export type PlayerCommand = 'seekTo' | 'playVideo' | 'pauseVideo' | 'setPlaybackRate';

export function commandMessage(func: PlayerCommand, args: unknown[] = []): string {
  return JSON.stringify({ event: 'command', func, args, channel: 'widget' });
}
