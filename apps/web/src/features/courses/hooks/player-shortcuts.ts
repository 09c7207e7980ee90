/** The lesson player's keyboard shortcuts, as the "Keyboard shortcuts" dialog lists them. */
export const PLAYER_SHORTCUTS = [
  { keys: ['k', 'Space'], action: 'Play or pause' },
  { keys: ['j'], action: 'Back 10 seconds' },
  { keys: ['l'], action: 'Forward 10 seconds' },
  { keys: ['<'], action: 'Slower' },
  { keys: ['>'], action: 'Faster' },
  { keys: ['n'], action: 'New note at the current time' },
  { keys: ['b'], action: 'Bookmark the current time' },
  { keys: ['?'], action: 'Show these shortcuts' },
] as const;

export type PlayerShortcut =
  | 'togglePlay'
  | 'back'
  | 'forward'
  | 'slower'
  | 'faster'
  | 'newNote'
  | 'bookmark'
  | 'showShortcuts';

const TEXT_ENTRY_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'slider',
  'spinbutton',
  'listbox',
  'option',
]);

/**
 * Whether a key press belongs to what has focus rather than to the player: every key while typing
 * (a field, a text area, an editable element, a select), and Space on a button or link (it presses them).
 */
export function keyBelongsToFocus(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (TEXT_ENTRY_ROLES.has(target.getAttribute('role') ?? '')) return true;
  if (key !== ' ') return false;
  return (
    tag === 'BUTTON' ||
    tag === 'A' ||
    ['button', 'checkbox', 'switch', 'link'].includes(target.getAttribute('role') ?? '')
  );
}

/** The shortcut a key press means, or null (modifier keys, typing, other keys). */
export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'target' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): PlayerShortcut | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (keyBelongsToFocus(event.target, event.key)) return null;
  switch (event.key) {
    case 'k':
    case 'K':
    case ' ':
      return 'togglePlay';
    case 'j':
    case 'J':
      return 'back';
    case 'l':
    case 'L':
      return 'forward';
    case '<':
      return 'slower';
    case '>':
      return 'faster';
    case 'n':
    case 'N':
      return 'newNote';
    case 'b':
    case 'B':
      return 'bookmark';
    case '?':
      return 'showShortcuts';
    default:
      return null;
  }
}
