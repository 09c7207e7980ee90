// The courses feature's public entry: what other features may use (dependency-cruiser: features meet
// through their index). The practice session screen shows the drill banner of a replay that is a drill
// attempt; /home and the journal's statistics show "What to practise next". Everything else is private.
export { DrillBanner } from './components/drill-banner';
export { PractiseNextCard } from './components/practise-next-card';
