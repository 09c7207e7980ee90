/**
 * The sample mapping from mistakes to teaching (docs/courses.md "What to practise next"): common
 * journal mistake tags and the competition rules, each to the sample lesson that teaches it
 * (course id and the lesson's position in it) and, where one fits, a sample drill of that course.
 */
export type SampleLearningLink = {
  sourceKind: 'mistake' | 'rule';
  sourceKey: string;
  courseId: string;
  lessonPosition: number;
  /** A sample drill of the same course to practise it on (packages/db/src/seed/sample-drills.ts). */
  drillId?: string;
};

export const sampleLearningLinks: SampleLearningLink[] = [
  {
    sourceKind: 'mistake',
    sourceKey: 'moved stop',
    courseId: 'course6',
    lessonPosition: 0,
    drillId: 'drill-btc-opening-range-long',
  },
  {
    sourceKind: 'mistake',
    sourceKey: 'no stop',
    courseId: 'course6',
    lessonPosition: 0,
    drillId: 'drill-btc-opening-range-long',
  },
  {
    sourceKind: 'mistake',
    sourceKey: 'oversized',
    courseId: 'course6',
    lessonPosition: 0,
    drillId: 'drill-btc-range-break-short',
  },
  { sourceKind: 'mistake', sourceKey: 'fomo', courseId: 'course2', lessonPosition: 0 },
  { sourceKind: 'mistake', sourceKey: 'revenge trade', courseId: 'course2', lessonPosition: 0 },
  { sourceKind: 'mistake', sourceKey: 'broke plan', courseId: 'course2', lessonPosition: 1 },
  { sourceKind: 'mistake', sourceKey: 'chased entry', courseId: 'course3', lessonPosition: 0 },
  {
    sourceKind: 'rule',
    sourceKey: 'daily_loss',
    courseId: 'course6',
    lessonPosition: 0,
    drillId: 'drill-btc-opening-range-long',
  },
  {
    sourceKind: 'rule',
    sourceKey: 'max_loss',
    courseId: 'course6',
    lessonPosition: 0,
    drillId: 'drill-btc-range-break-short',
  },
  {
    sourceKind: 'rule',
    sourceKey: 'freeze',
    courseId: 'course6',
    lessonPosition: 0,
    drillId: 'drill-btc-opening-range-long',
  },
  { sourceKind: 'rule', sourceKey: 'time_limit', courseId: 'course2', lessonPosition: 1 },
];
