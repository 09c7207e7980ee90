/**
 * What a course asks besides its lessons (issue #42): its quizzes and drills, each from its own
 * service. Course completion (./course-completion.ts) reads them through these two names.
 */
export { drillRequirements } from './drill-requirements.ts';
export { quizRequirements } from './quiz-requirements.ts';
