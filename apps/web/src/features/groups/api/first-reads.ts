/**
 * What /group reads first, with no library attached: a signed-in first load (app/signed-in-pages.ts)
 * starts it while the page's code loads.
 */

/** GET /group/, every competition (the list's cards). */
export const GROUPS_PATH = '/group/';
