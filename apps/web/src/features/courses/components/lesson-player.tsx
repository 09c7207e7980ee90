import { CaretRightFilled } from '@ant-design/icons';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { type RefObject, useEffect, useRef } from 'react';
import type { Lesson } from '../api/get-course';
import './lesson-player.css';

type Props = {
  lesson: Lesson;
  src: string | null;
  loadCount: number;
  iframeRef: RefObject<HTMLIFrameElement | null>;
  onPlayerLoad: () => void;
  onPlay: () => void;
  canPlay: boolean;
  resumeSeconds: number;
};

/** The thumbnail with a play button, and once played the embedded YouTube player (autoplay). */
export function LessonPlayer({
  lesson,
  src,
  loadCount,
  iframeRef,
  onPlayerLoad,
  onPlay,
  canPlay,
  resumeSeconds,
}: Props) {
  const focusPlayer = useRef(false);

  // The play button disappears when it is used: keyboard focus moves on to the player.
  useEffect(() => {
    if (src && focusPlayer.current) {
      focusPlayer.current = false;
      iframeRef.current?.focus();
    }
  }, [src, iframeRef]);

  if (src) {
    return (
      <div className="cw-player">
        <iframe
          key={loadCount}
          ref={iframeRef}
          className="cw-player__frame"
          src={src}
          title={lesson.title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          onLoad={onPlayerLoad}
        />
      </div>
    );
  }

  if (!canPlay) {
    return (
      <div className="cw-player cw-player--unavailable">
        <img className="cw-player__poster-image" src={lesson.thumbnail} alt="" />
        <div className="cw-player__notice">
          <p>This lesson’s video cannot be played here.</p>
          <a href={lesson.videoUrl} target="_blank" rel="noreferrer">
            Open the video in a new tab
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="cw-player">
      <button
        type="button"
        className="cw-player__poster"
        onClick={() => {
          focusPlayer.current = true;
          onPlay();
        }}
      >
        <img className="cw-player__poster-image" src={lesson.thumbnail} alt="" />
        {/* Named by its words, the visible "Resume at 2:05" included (WCAG 2.5.3, label in name). */}
        <span className="cw-visually-hidden">{resumeSeconds > 0 ? 'Play lesson, ' : 'Play lesson'}</span>
        <span className="cw-player__play" aria-hidden="true">
          <CaretRightFilled />
        </span>
        {resumeSeconds > 0 ? (
          <span className="cw-player__resume">Resume at {formatMinutesSeconds(resumeSeconds)}</span>
        ) : null}
      </button>
    </div>
  );
}
