import { useEffect, useRef } from 'react';
import { type PlayerShortcut, shortcutOf } from './player-shortcuts';

/**
 * The lesson player's keyboard shortcuts on the whole page (PLAYER_SHORTCUTS), never while the
 * learner types in a field. Handlers are read at the key press, so they may change every render.
 * `enabled` is false while a dialog is open.
 */
export function usePlayerShortcuts(handlers: Record<PlayerShortcut, () => void>, enabled = true) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      event.preventDefault();
      latest.current[shortcut]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
