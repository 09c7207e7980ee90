// The groups feature's public entry: what other features may use (the dashboard's "my competitions"
// card). Everything else in features/groups is private; `npm run lint:deps` fails on a deep import
// from another feature.
export { type MyCompetition, useMyCompetitions } from './api/get-my-competitions';
export { refreshTradingDesks } from './api/refresh-trading-desks';
export { PhaseTag } from './components/phase-tag';
export { formatMoney, formatSignedPercent } from './lib/trading-format';
