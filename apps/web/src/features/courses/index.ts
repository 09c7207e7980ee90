// The courses feature's public entry: what other features may use (the practice session screen shows
// the drill banner of a replay that is a drill attempt). Everything else in features/courses is private.
export { DrillBanner } from './components/drill-banner';
