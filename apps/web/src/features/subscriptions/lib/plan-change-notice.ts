const STORAGE_KEY = 'cw-plan-change-notice';

/**
 * The page reloads right after a plan change (docs/product-contract.md §4), which would wipe the success toast before
 * anyone can read it. The sentence is kept for the reloaded page to show once.
 */
export function rememberPlanChangeNotice(message: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, message);
  } catch {
    // Storage can be unavailable (private mode, quota): the toast already showed before the reload.
  }
}

/** The remembered sentence, removed as it is read; null when there is none. */
export function takePlanChangeNotice(): string | null {
  try {
    const message = window.sessionStorage.getItem(STORAGE_KEY);
    if (message !== null) window.sessionStorage.removeItem(STORAGE_KEY);
    return message;
  } catch {
    return null;
  }
}
