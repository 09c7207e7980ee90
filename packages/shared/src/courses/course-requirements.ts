import { z } from 'zod';

/**
 * One thing a learner must do to complete a course (issue #42): watch a lesson, pass a quiz or a
 * drill. Lessons come from watch tracking; quizzes and drills from their own services.
 * `score` is a percent for lessons and quizzes (watched share, best score) and the best R for drills.
 */
export const courseRequirementSchema = z.object({
  kind: z.enum(['lesson', 'quiz', 'drill']),
  id: z.string(),
  title: z.string(),
  met: z.boolean(),
  score: z.number().nullable(),
});

export type CourseRequirement = z.infer<typeof courseRequirementSchema>;

/** The sentence naming what is still missing, e.g. for a refused certificate. */
export function missingRequirementsSentence(requirements: CourseRequirement[]): string {
  const missing = requirements.filter((requirement) => !requirement.met);
  if (missing.length === 0) return 'Nothing is missing: the course is complete.';
  const label = { lesson: 'watch', quiz: 'pass the quiz', drill: 'pass the drill' } as const;
  const shown = missing.slice(0, 5).map((requirement) => `${label[requirement.kind]} “${requirement.title}”`);
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  return `The course is not complete yet. Still to do: ${shown.join('; ')}${more}.`;
}
