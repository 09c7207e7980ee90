import { QuestionCircleOutlined } from '@ant-design/icons';
import { PLAYBACK_RATES } from '@candlewise/shared/courses/lesson-player-rules';
import { Alert, Button, Select } from 'antd';
import { useId } from 'react';
import './lesson-player-extras.css';

type Props = {
  playbackRate: number;
  onPlaybackRate: (rate: number) => void;
  onShowShortcuts: () => void;
  /** Why a seek went back to the furthest watched point, or null. */
  skipNotice: string | null;
  onDismissSkipNotice: () => void;
};

/** Under the player: the playback speed (remembered for the learner) and the keyboard shortcuts. */
export function PlayerToolbar({
  playbackRate,
  onPlaybackRate,
  onShowShortcuts,
  skipNotice,
  onDismissSkipNotice,
}: Props) {
  const speedLabelId = useId();
  return (
    <div className="cw-player-toolbar">
      <div className="cw-player-toolbar__row">
        <span className="cw-player-toolbar__speed">
          <span id={speedLabelId}>Speed</span>
          <Select
            aria-labelledby={speedLabelId}
            aria-keyshortcuts="< >"
            value={playbackRate}
            onChange={(rate: number) => onPlaybackRate(rate)}
            options={PLAYBACK_RATES.map((rate) => ({
              value: rate,
              label: rate === 1 ? 'Normal' : `${rate}×`,
            }))}
            style={{ width: 104 }}
            popupMatchSelectWidth={false}
          />
        </span>
        <Button
          icon={<QuestionCircleOutlined aria-hidden="true" />}
          onClick={onShowShortcuts}
          aria-keyshortcuts="?"
        >
          Keyboard shortcuts
        </Button>
      </div>
      {skipNotice ? (
        <Alert
          type="info"
          showIcon
          title={skipNotice}
          closable={{ onClose: onDismissSkipNotice }}
          role="status"
        />
      ) : null}
    </div>
  );
}
