import {
  DEFAULT_PLAYBACK_RATE,
  MAX_REPORT_GAP_SECONDS,
  WatchedRangesBuilder,
} from '@candlewise/shared/courses/lesson-player-rules';
import { toEmbedUrl } from '@candlewise/shared/courses/video-url';
import { formatMinutesSeconds } from '@candlewise/shared/format/format-duration';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { progressKeys } from '../api/certificate-query-keys';
import { courseKeys } from '../api/course-query-keys';
import type { Lesson } from '../api/get-course';
import { useSavePlaybackPosition } from '../api/save-playback-position';
import { saveWatchedRanges } from '../api/save-watched-ranges';
import {
  commandMessage,
  listeningMessage,
  type PlayerCommand,
  PlayerState,
  readPlayerMessage,
  YOUTUBE_ORIGINS,
} from './youtube-player-messages';

/**
 * What the lesson read may carry once course progress rules are merged (issue #42, H3): whether the
 * lesson forbids skipping ahead, and the furthest second the learner has watched. Optional here.
 */
export type LessonWatchRules = { noSkipping?: boolean; furthestSeconds?: number };

/** While playing, the position is saved this often, if it moved by at least MIN_MOVE_SECONDS. */
export const SAVE_EVERY_MS = 15_000;
const MIN_MOVE_SECONDS = 5;
/** A saved position this close to the end counts as finished: play starts from the beginning again. */
const NEAR_END_SECONDS = 10;
/** The player may load slowly; 'listening' is repeated until it answers, for at most this many tries. */
const LISTENING_TRIES = 10;

/** The sentence shown when a seek is sent back to the furthest watched point. */
export function noSkipSentence(seconds: number): string {
  return `This lesson is watched in order: it continues from ${formatMinutesSeconds(Math.floor(seconds))}, the furthest you have watched.`;
}

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
 *
 * Lesson player (issue #42, docs/courses.md "The lesson player"): the learner's speed is sent with
 * setPlaybackRate when the player first answers after each load and whenever it changes; the
 * stretches watched are built from the playing reports and sent to …/watched with the same rhythm
 * as the position; in a lesson with noSkipping, a jump beyond the furthest watched point goes back
 * to it with a message. `startSeconds` opens the player at once at that second (?t=).
 */
export function useLessonPlayer(
  courseId: string,
  lesson: Lesson & LessonWatchRules,
  options: { playbackRate?: number; startSeconds?: number } = {},
) {
  const [player, setPlayer] = useState<{ src: string; loads: number } | null>(null);
  const [currentSecond, setCurrentSecond] = useState<number | null>(null);
  const [skipNotice, setSkipNotice] = useState<string | null>(null);
  const iframeRef = useRef<HTMLIFrameElement | null>(null);
  const { mutate: savePosition } = useSavePlaybackPosition(courseId);
  const queryClient = useQueryClient();
  const playbackRate = options.playbackRate ?? DEFAULT_PLAYBACK_RATE;

  const canPlay = toEmbedUrl(lesson.videoUrl) !== null;
  const resumeSeconds = options.startSeconds ?? resumeSecondsOf(lesson);
  const noSkipping = lesson.noSkipping === true;

  // Mutable facts about the running player that must not re-render the page on every report.
  const state = useRef({
    connected: false,
    playing: false,
    currentTime: null as number | null,
    lastSaved: lesson.positionSeconds,
    playbackRate,
    watched: new WatchedRangesBuilder(),
    lastSentRanges: '[]',
    /** The API said the lesson counts as watched: the requirements and the lesson list were refreshed. */
    announcedWatched: false,
    /** Where watching is known to have reached before this visit (skipping is measured from it). */
    watchedBefore:
      lesson.furthestSeconds ?? (noSkipping ? Math.min(resumeSeconds, lesson.positionSeconds) : 0),
  });
  state.current.playbackRate = playbackRate;

  /** Sends a command to the running player (both YouTube origins; the frame accepts its own). */
  const command = useCallback((func: PlayerCommand, args: unknown[] = []) => {
    const frame = iframeRef.current?.contentWindow;
    if (!frame) return false;
    for (const origin of YOUTUBE_ORIGINS) frame.postMessage(commandMessage(func, args), origin);
    return true;
  }, []);

  /** The furthest second reached by watching from the start (no skipping ahead beyond it). */
  const furthestWatched = useCallback(
    () => state.current.watched.furthestFromStart(state.current.watchedBefore),
    [],
  );

  /** Sends the watched ranges when they grew since the last send (every 15 s, pause, end, leaving). */
  const reportWatched = useCallback(() => {
    const ranges = state.current.watched.watched;
    const serialised = JSON.stringify(ranges);
    if (ranges.length === 0 || serialised === state.current.lastSentRanges) return;
    state.current.lastSentRanges = serialised;
    saveWatchedRanges(courseId, lesson.id, ranges).then(
      (progress) => {
        // The lesson just became watched: the course's checklist (and maybe its certificate) moved.
        if (!progress.watched || state.current.announcedWatched) return;
        state.current.announcedWatched = true;
        void queryClient.invalidateQueries({ queryKey: progressKeys.requirements(courseId) });
        void queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
      },
      (error: unknown) => {
        // Sent again with the next report: the API merges the ranges it already has.
        state.current.lastSentRanges = '[]';
        console.error('Could not save the watched part of the lesson', error);
      },
    );
  }, [courseId, lesson.id, queryClient]);

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

  // Opened at a moment (a note found by search, ?t=): the player starts there at once.
  const openAt = options.startSeconds;
  useEffect(() => {
    if (openAt !== undefined) load(openAt);
  }, [openAt, load]);

  /** The play button: the embedded player, with autoplay, from the saved position. */
  const play = useCallback(() => load(resumeSeconds), [load, resumeSeconds]);

  /**
   * A chapter, a bookmark or a shortcut: seek the running player (playing on unless `play` is false),
   * or (re)load it at that second. In a lesson without skipping, a point beyond the furthest watched
   * second goes to that second instead, with a message.
   */
  const seek = useCallback(
    (wanted: number, { play: keepPlaying = true }: { play?: boolean } = {}) => {
      let seconds = Math.max(0, Math.min(Math.floor(wanted), lesson.duration));
      if (noSkipping && seconds > furthestWatched() + MAX_REPORT_GAP_SECONDS) {
        seconds = Math.floor(furthestWatched());
        setSkipNotice(noSkipSentence(seconds));
      } else {
        setSkipNotice(null);
      }
      state.current.watched.interrupt();
      if (player && state.current.connected && iframeRef.current?.contentWindow) {
        command('seekTo', [seconds, true]);
        if (keepPlaying) command('playVideo');
      } else {
        load(seconds);
      }
      state.current.currentTime = seconds;
      setCurrentSecond(seconds);
      saveAt(seconds);
    },
    [player, load, saveAt, command, furthestWatched, noSkipping, lesson.duration],
  );

  /** k or Space: play or pause the running player; on the thumbnail, start playing. */
  const togglePlay = useCallback(() => {
    if (!player) {
      if (canPlay) load(resumeSeconds);
      return;
    }
    command(state.current.playing ? 'pauseVideo' : 'playVideo');
  }, [player, canPlay, load, resumeSeconds, command]);

  /** j and l: 10 seconds back or forward from where the player is. */
  const seekBy = useCallback(
    (delta: number) => {
      const from = state.current.currentTime ?? resumeSeconds;
      seek(from + delta, { play: state.current.playing || !player });
    },
    [seek, resumeSeconds, player],
  );

  /** The second the player last reported (or was sent to), for notes and bookmarks; null before any. */
  const getCurrentSecond = useCallback(() => {
    const time = state.current.currentTime;
    return time === null ? null : Math.floor(time);
  }, []);

  // Listen to the player's reports while it is on the page.
  useEffect(() => {
    if (!player) return;
    function onMessage(event: MessageEvent) {
      if (!YOUTUBE_ORIGINS.includes(event.origin)) return;
      if (event.source !== iframeRef.current?.contentWindow) return;
      const report = readPlayerMessage(event.data);
      if (!report) return;
      if (!state.current.connected) {
        state.current.connected = true;
        // Every load starts at YouTube's normal speed: the learner's speed is applied again.
        command('setPlaybackRate', [state.current.playbackRate]);
      }
      if (report.playerState !== undefined) {
        state.current.playing = report.playerState === PlayerState.playing;
      }
      if (report.currentTime !== undefined) {
        const time = report.currentTime;
        const furthest = furthestWatched();
        if (noSkipping && time > furthest + MAX_REPORT_GAP_SECONDS) {
          // Skipped ahead in YouTube's own controls: back to the furthest watched point.
          const back = Math.floor(furthest);
          command('seekTo', [back, true]);
          state.current.watched.interrupt();
          state.current.currentTime = back;
          setCurrentSecond(back);
          setSkipNotice(noSkipSentence(back));
          return;
        }
        // Only playing time counts; a buffering pause keeps the stretch (pause and end break it below).
        if (state.current.playing) state.current.watched.report(time);
        state.current.currentTime = time;
        setCurrentSecond(Math.floor(time));
      }
      if (report.playerState === PlayerState.paused || report.playerState === PlayerState.ended) {
        state.current.watched.interrupt();
        saveIfMoved();
        reportWatched();
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [player, saveIfMoved, reportWatched, command, furthestWatched, noSkipping]);

  // A new speed reaches the running player at once.
  useEffect(() => {
    if (player && state.current.connected) command('setPlaybackRate', [playbackRate]);
  }, [player, playbackRate, command]);

  // Save periodically while playing.
  useEffect(() => {
    if (!player) return;
    const timer = window.setInterval(() => {
      if (state.current.playing) {
        saveIfMoved(MIN_MOVE_SECONDS);
        reportWatched();
      }
    }, SAVE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [player, saveIfMoved, reportWatched]);

  // Save when the tab is hidden (closing, switching apps on a phone) and when the lesson is left.
  useEffect(() => {
    function onHidden() {
      if (document.visibilityState === 'hidden') {
        saveIfMoved();
        reportWatched();
      }
    }
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onHidden);
      saveIfMoved();
      reportWatched();
    };
  }, [saveIfMoved, reportWatched]);

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
    getCurrentSecond,
    togglePlay,
    seekBy,
    /** Why a seek went back (a lesson watched in order), or null. */
    skipNotice,
    dismissSkipNotice: () => setSkipNotice(null),
  };
}
