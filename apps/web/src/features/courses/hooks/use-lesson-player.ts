import { toEmbedUrl } from '@candlewise/shared/courses/video-url';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lesson } from '../api/get-course';
import { useSavePlaybackPosition } from '../api/save-playback-position';
import {
  commandMessage,
  listeningMessage,
  PlayerState,
  readPlayerMessage,
  YOUTUBE_ORIGINS,
} from './youtube-player-messages';

/** While playing, the position is saved this often, if it moved by at least MIN_MOVE_SECONDS. */
export const SAVE_EVERY_MS = 15_000;
const MIN_MOVE_SECONDS = 5;
/** A saved position this close to the end counts as finished: play starts from the beginning again. */
const NEAR_END_SECONDS = 10;
/** The player may load slowly; 'listening' is repeated until it answers, for at most this many tries. */
const LISTENING_TRIES = 10;

/** Where play starts: the saved position, unless there is none or the lesson was watched to the end. */
export function resumeSecondsOf(lesson: Pick<Lesson, 'positionSeconds' | 'duration'>): number {
  const saved = Math.floor(lesson.positionSeconds);
  return saved > 0 && saved < lesson.duration - NEAR_END_SECONDS ? saved : 0;
}

/**
 * The embedded player of one lesson (docs/product-contract.md §4: thumbnail, then playing on click). Use it with a
 * `key` of the lesson id, so choosing another lesson starts again from the thumbnail.
 *
 * Playback position: the player is a cross-origin YouTube iframe, so we speak its postMessage
 * protocol (enablejsapi=1 is in the embed URL): its reports give the current time, which is saved
 * every 15 s while playing, on pause and end, when the lesson is left and when the tab is hidden.
 * A chapter seeks the running player with a seekTo command; when the player has not answered (not
 * loaded yet, or YouTube unreachable) it is reloaded at the chapter's start with autoplay. The
 * chapter's start is saved either way, so the position is kept even when no report ever arrives.
 */
export function useLessonPlayer(courseId: string, lesson: Lesson) {
  const [player, setPlayer] = useState<{ src: string; loads: number } | null>(null);
  const [currentSecond, setCurrentSecond] = useState<number | null>(null);
  const iframeRef = useRef<HTMLIFrameElement | null>(null);
  const { mutate: savePosition } = useSavePlaybackPosition(courseId);

  // Mutable facts about the running player that must not re-render the page on every report.
  const state = useRef({
    connected: false,
    playing: false,
    currentTime: null as number | null,
    lastSaved: lesson.positionSeconds,
  });

  const canPlay = toEmbedUrl(lesson.videoUrl) !== null;
  const resumeSeconds = resumeSecondsOf(lesson);

  const saveAt = useCallback(
    (seconds: number) => {
      const whole = Math.max(0, Math.floor(seconds));
      state.current.lastSaved = whole;
      savePosition({ videoId: lesson.id, seconds: whole });
    },
    [lesson.id, savePosition],
  );

  /** Saves the reported position if it moved since the last save. */
  const saveIfMoved = useCallback(
    (minimumMove = 1) => {
      const { currentTime, lastSaved } = state.current;
      if (currentTime === null) return;
      if (Math.abs(currentTime - lastSaved) >= minimumMove) saveAt(currentTime);
    },
    [saveAt],
  );

  const load = useCallback(
    (startSeconds: number) => {
      const src = toEmbedUrl(lesson.videoUrl, { autoplay: true, startSeconds });
      if (!src) return;
      state.current.connected = false;
      setPlayer((previous) => ({ src, loads: (previous?.loads ?? 0) + 1 }));
    },
    [lesson.videoUrl],
  );

  /** The play button: the embedded player, with autoplay, from the saved position. */
  const play = useCallback(() => load(resumeSeconds), [load, resumeSeconds]);

  /** A chapter: seek the running player, or (re)load it at that second. */
  const seek = useCallback(
    (seconds: number) => {
      const frame = iframeRef.current?.contentWindow;
      if (player && state.current.connected && frame) {
        for (const origin of YOUTUBE_ORIGINS) {
          frame.postMessage(commandMessage('seekTo', [seconds, true]), origin);
          frame.postMessage(commandMessage('playVideo'), origin);
        }
      } else {
        load(seconds);
      }
      state.current.currentTime = seconds;
      setCurrentSecond(seconds);
      saveAt(seconds);
    },
    [player, load, saveAt],
  );

  // Listen to the player's reports while it is on the page.
  useEffect(() => {
    if (!player) return;
    function onMessage(event: MessageEvent) {
      if (!YOUTUBE_ORIGINS.includes(event.origin)) return;
      if (event.source !== iframeRef.current?.contentWindow) return;
      const report = readPlayerMessage(event.data);
      if (!report) return;
      state.current.connected = true;
      if (report.currentTime !== undefined) {
        state.current.currentTime = report.currentTime;
        setCurrentSecond(Math.floor(report.currentTime));
      }
      if (report.playerState !== undefined) {
        state.current.playing = report.playerState === PlayerState.playing;
        if (report.playerState === PlayerState.paused || report.playerState === PlayerState.ended) {
          saveIfMoved();
        }
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [player, saveIfMoved]);

  // Save periodically while playing.
  useEffect(() => {
    if (!player) return;
    const timer = window.setInterval(() => {
      if (state.current.playing) saveIfMoved(MIN_MOVE_SECONDS);
    }, SAVE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [player, saveIfMoved]);

  // Save when the tab is hidden (closing, switching apps on a phone) and when the lesson is left.
  useEffect(() => {
    function onHidden() {
      if (document.visibilityState === 'hidden') saveIfMoved();
    }
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onHidden);
      saveIfMoved();
    };
  }, [saveIfMoved]);

  /** Once the iframe has loaded, ask the player to report (repeated until it answers). */
  const onPlayerLoad = useCallback(() => {
    let tries = 0;
    const ask = () => {
      const frame = iframeRef.current?.contentWindow;
      if (!frame || state.current.connected || tries >= LISTENING_TRIES) {
        window.clearInterval(timer);
        return;
      }
      tries += 1;
      for (const origin of YOUTUBE_ORIGINS) frame.postMessage(listeningMessage(lesson.id), origin);
    };
    const timer = window.setInterval(ask, 1000);
    ask();
  }, [lesson.id]);

  return {
    /** The embed URL while the player shows; null while the thumbnail does. */
    src: player?.src ?? null,
    /** Changes on every (re)load, to remount the iframe even when the URL is the same. */
    loadCount: player?.loads ?? 0,
    iframeRef,
    onPlayerLoad,
    play,
    seek,
    canPlay,
    resumeSeconds,
    /** The whole second the player last reported (or the chapter chosen), for highlighting chapters. */
    currentSecond,
  };
}
