import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { Button, Select } from 'antd';
import { useEffect, useRef } from 'react';
import type { PracticeClockAction } from '../api/practice-actions';
import { keyBelongsToControl, replayedDateAndClock, SPEED_CHOICES } from '../lib/replayed-clock';

/**
 * Play / pause, one bar on and the speed, with the replayed date and clock. Keyboard: Space plays or
 * pauses and → steps one bar, anywhere on the page except in a field or on a focused control (which
 * uses those keys itself; Space on a focused button presses that button).
 */
export function PracticeControls({
  session,
  replayedTime,
  busy,
  onAction,
}: {
  session: Pick<PracticeSession, 'state' | 'speed'>;
  replayedTime: number;
  busy: boolean;
  onAction: (action: PracticeClockAction) => void;
}) {
  const ended = session.state === 'ended';
  const playing = session.state === 'playing';
  const latest = useRef({ playing, ended, busy, onAction });
  latest.current = { playing, ended, busy, onAction };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { playing: isPlaying, ended: isEnded, busy: isBusy, onAction: act } = latest.current;
      if (isEnded || isBusy || event.altKey || event.ctrlKey || event.metaKey) return;
      const space = event.key === ' ' || event.code === 'Space';
      if (keyBelongsToControl(event.target, space ? ' ' : event.key)) return;
      if (space) {
        event.preventDefault();
        act({ action: isPlaying ? 'pause' : 'play' });
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        act({ action: 'step' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const { date, clock } = replayedDateAndClock(replayedTime);
  return (
    <section className="cw-practice__controls" aria-label="Replay controls">
      <div className="cw-practice__clock" aria-live="off">
        <span className="cw-practice__date">{date}</span>
        <time
          className="cw-practice__time"
          dateTime={new Date(replayedTime).toISOString()}
          data-testid="replayed-clock"
        >
          {clock}
        </time>
        <span className="cw-practice__state">
          {ended ? 'Ended' : playing ? `Playing at ${session.speed}×` : 'Paused'}
        </span>
      </div>
      <div className="cw-practice__buttons">
        <Button
          type="primary"
          disabled={ended || busy}
          onClick={() => onAction({ action: playing ? 'pause' : 'play' })}
          aria-keyshortcuts="Space"
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button
          disabled={ended || busy}
          onClick={() => onAction({ action: 'step' })}
          aria-keyshortcuts="ArrowRight"
        >
          Step one bar
        </Button>
        <span className="cw-practice__speed">
          <span aria-hidden="true">Speed</span>
          <Select
            aria-label="Speed"
            value={session.speed}
            disabled={ended || busy}
            onChange={(speed: number) => onAction({ action: 'speed', speed })}
            options={SPEED_CHOICES.map((speed) => ({ value: speed, label: `${speed}×` }))}
            style={{ width: 88 }}
          />
        </span>
      </div>
      <p className="cw-practice__keys">Space plays or pauses; → steps one bar.</p>
    </section>
  );
}
