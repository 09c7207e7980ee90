import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { newId } from '../new-id.ts';
import {
  courses,
  drills,
  groups,
  instruments,
  learningLinks,
  quizzes,
  videos,
  videoTimestamps,
} from '../schema/index.ts';
import { sampleCourses } from './sample-courses.ts';
import { seedSampleDrills } from './sample-drills.ts';
import { sampleGroups } from './sample-groups.ts';
import { sampleInstruments } from './sample-instruments.ts';
import { sampleLearningLinks } from './sample-learning-links.ts';
import { seedSampleQuizzes } from './sample-quizzes.ts';

export type SeedResult = {
  courses: number;
  videos: number;
  chapters: number;
  groups: number;
  instruments: number;
  drills: number;
};

/**
 * Fills an empty database with the sample catalogue and three competitions. Each part is seeded
 * only when its table is empty, inside one transaction under an advisory lock, so running it twice
 * (or from two processes at once) changes nothing the second time.
 */
export async function seedDatabase(db: Database, now: Date = new Date()): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const result: SeedResult = { courses: 0, videos: 0, chapters: 0, groups: 0, instruments: 0, drills: 0 };

    const [{ count: courseCount }] = await tx.select({ count: sql<number>`count(*)::int` }).from(courses);
    if (courseCount === 0) {
      for (const [position, course] of sampleCourses.entries()) {
        await tx.insert(courses).values({
          id: course.id,
          title: course.title,
          description: course.description,
          thumbnail: `/images/courses/${course.id}.svg`,
          isPro: course.isPro,
          published: true,
          position,
        });
        result.courses += 1;
        for (const [videoPosition, lesson] of course.videos.entries()) {
          const [inserted] = await tx
            .insert(videos)
            .values({
              courseId: course.id,
              title: lesson.title,
              description: lesson.description,
              thumbnail: `/images/courses/${course.id}.svg`,
              duration: lesson.duration,
              videoUrl: lesson.videoUrl,
              position: videoPosition,
            })
            .returning({ id: videos.id });
          result.videos += 1;
          await tx
            .insert(videoTimestamps)
            .values(lesson.chapters.map((chapter) => ({ ...chapter, videoId: inserted.id })));
          result.chapters += lesson.chapters.length;
        }
      }
    }

    // Instruments first: competitions name them. Added one by one so new ones reach old databases.
    const added = await tx
      .insert(instruments)
      .values(sampleInstruments)
      .onConflictDoNothing()
      .returning({ symbol: instruments.symbol });
    result.instruments = added.length;

    // Trade drills (issue #42): after the instruments they trade, only when there are none.
    result.drills = await seedSampleDrills(tx);

    // Mistakes back to lessons and drills (after the drills): only while no admin has linked anything,
    // and only to sample lessons and drills still there.
    const [{ count: linkCount }] = await tx.select({ count: sql<number>`count(*)::int` }).from(learningLinks);
    if (linkCount === 0) {
      const drillIds = new Set((await tx.select({ id: drills.id }).from(drills)).map((row) => row.id));
      const lessons = await tx
        .select({ id: videos.id, courseId: videos.courseId, position: videos.position })
        .from(videos);
      const rows = sampleLearningLinks.flatMap((link) => {
        const lesson = lessons.find(
          (row) => row.courseId === link.courseId && row.position === link.lessonPosition,
        );
        return lesson
          ? [
              {
                id: newId(now),
                sourceKind: link.sourceKind,
                sourceKey: link.sourceKey,
                courseId: link.courseId,
                videoId: lesson.id,
                drillId: link.drillId && drillIds.has(link.drillId) ? link.drillId : null,
              },
            ]
          : [];
      });
      if (rows.length) await tx.insert(learningLinks).values(rows).onConflictDoNothing();
    }

    const [{ count: groupCount }] = await tx.select({ count: sql<number>`count(*)::int` }).from(groups);
    if (groupCount === 0) {
      await tx.insert(groups).values(sampleGroups(now));
      result.groups = 3;
    }
    // Quizzes (#42): after the courses' lessons, once, when there are none.
    const [{ count: quizCount }] = await tx.select({ count: sql<number>`count(*)::int` }).from(quizzes);
    if (quizCount === 0) await seedSampleQuizzes(tx);
    return result;
  });
}
