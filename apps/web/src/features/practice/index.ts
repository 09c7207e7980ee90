// The practice feature's public entry: what other features may use (the courses' trade drills show
// their charts with the practice chart and author drills on the days with bars). The rest is private.
export { usePracticeDays } from './api/get-practice-days';
export { type ChartLevel, PracticeChart } from './components/practice-chart';
