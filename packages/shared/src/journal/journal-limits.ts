/**
 * The journal's fixed choices and limits, without zod: the /journal entry editor paints with the
 * page and imports these alone, so the schemas' validation library stays out of its script.
 * journal-schemas.ts re-exports them for everything else.
 */

export const JOURNAL_EMOTIONS = [
  'calm',
  'confident',
  'focused',
  'excited',
  'anxious',
  'fearful',
  'frustrated',
  'greedy',
  'tired',
] as const;

export const JOURNAL_SCREENSHOTS_PER_ENTRY = 5;
