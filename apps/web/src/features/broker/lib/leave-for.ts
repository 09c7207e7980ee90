/**
 * Sends the browser to another site (the broker's sign-in page); it comes back to /connectbroker.
 * Its own module so tests can stand in for a navigation jsdom cannot make.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
