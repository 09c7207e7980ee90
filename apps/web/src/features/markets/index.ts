// The markets feature's public entry: what other features may use (the group form's list of the
// days replay bars cover). Everything else in features/markets is private (`npm run lint:deps`).
export { type StoredBars, useReplayBars } from './api/get-replay-bars';
