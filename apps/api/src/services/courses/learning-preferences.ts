import { type DbExecutor, learnerPreferences } from '@candlewise/db';
import { DEFAULT_PLAYBACK_RATE } from '@candlewise/shared/courses/lesson-player-rules';
import { eq } from 'drizzle-orm';

export type LearningPreferences = { playbackRate: number };

/** The learner's lesson-player preferences; the defaults until they change one. */
export async function getLearningPreferences(db: DbExecutor, userId: string): Promise<LearningPreferences> {
  const [row] = await db
    .select({ playbackRate: learnerPreferences.playbackRate })
    .from(learnerPreferences)
    .where(eq(learnerPreferences.userId, userId));
  return { playbackRate: row?.playbackRate ?? DEFAULT_PLAYBACK_RATE };
}

/** Saves the learner's preferences (one row per learner; the contract has checked the speed). */
export async function saveLearningPreferences(
  db: DbExecutor,
  userId: string,
  preferences: LearningPreferences,
): Promise<LearningPreferences> {
  const [row] = await db
    .insert(learnerPreferences)
    .values({ userId, playbackRate: preferences.playbackRate, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: learnerPreferences.userId,
      set: { playbackRate: preferences.playbackRate, updatedAt: new Date() },
    })
    .returning({ playbackRate: learnerPreferences.playbackRate });
  return { playbackRate: row.playbackRate };
}
