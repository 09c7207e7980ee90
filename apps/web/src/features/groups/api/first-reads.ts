/**
 * What /group and a leaderboard page read first, with no library attached: a signed-in first load (app/signed-in-pages.ts)
 * starts it while the page's code loads.
 */

/** GET /group/, every competition (the list's cards). */
export const GROUPS_PATH = '/group/';

/** Rows per page of the leaderboard page; the live stream keeps the top and the member's own row. */
export const LEADERBOARD_PAGE_SIZE = 50;

/** GET /group/{groupId}: one competition (the leaderboard page's title, phase and rule). */
export const groupPath = (groupId: string) => `/group/${encodeURIComponent(groupId)}`;

/**
 * GET /group/{groupId}/leaderboard?offset=&limit=: one page of the standings (1-based), of the
 * rows a filter keeps ('all' unless given: the address the first read asks for).
 */
export const leaderboardPagePath = (groupId: string, page: number, filter = 'all') =>
  `/group/${encodeURIComponent(groupId)}/leaderboard?offset=${(page - 1) * LEADERBOARD_PAGE_SIZE}&limit=${LEADERBOARD_PAGE_SIZE}${filter === 'all' ? '' : `&filter=${encodeURIComponent(filter)}`}`;

/** GET /group/getParticipants/participants/{userId}: the user's request per competition. */
export const participationsPath = (userId: string) =>
  `/group/getParticipants/participants/${encodeURIComponent(userId)}`;
