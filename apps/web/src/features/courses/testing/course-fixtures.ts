import type { CourseDetail, Lesson } from '../api/get-course';
import type { CourseSummary } from '../api/get-courses';

/** Three lessons of the seeded 'Stock Market Fundamentals', with chapters; none completed. */
export function makeLessons(): Lesson[] {
  const lesson = (
    id: number,
    title: string,
    duration: number,
    youtubeId: string,
    names: string[],
  ): Lesson => {
    const step = Math.floor(duration / names.length);
    return {
      id,
      title,
      description: `What ${title.toLowerCase()} covers.`,
      courseId: 'course1',
      thumbnail: '/images/courses/course1.svg',
      duration,
      videoUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
      position: id - 101,
      timestamps: names.map((name, index) => ({
        id: id * 10 + index,
        videoId: id,
        name,
        startTime: index * step,
        endTime: index === names.length - 1 ? duration : (index + 1) * step,
      })),
      completed: false,
      positionSeconds: 0,
      watchedShare: 0,
      furthestSeconds: 0,
      released: true,
      releaseAt: '2026-01-01T00:00:00.000Z',
      noSkipping: false,
    };
  };
  return [
    lesson(101, 'How the Stock Market Works', 1800, 'p7HKvqRI_Bo', [
      'Why markets exist',
      'Exchanges and brokers',
      'Bid, ask and spread',
      'Recap',
    ]),
    lesson(102, 'Order Types Explained', 2100, 'ZCFkWDdmXG8', ['Market orders', 'Limit orders', 'Stops']),
    lesson(103, 'Reading a Stock Quote', 2400, 'Xn7KWR9EOGQ', ['The quote line', 'OHLC and volume']),
  ];
}

export function makeCourseDetail(overrides: { videos?: Lesson[] } = {}): CourseDetail {
  const videos = overrides.videos ?? makeLessons();
  const completedVideoIds = videos.filter((lesson) => lesson.completed).map((lesson) => lesson.id);
  return {
    course: {
      _id: 'course1',
      title: 'Stock Market Fundamentals',
      description: 'How exchanges work, what moves prices and how to read a quote.',
      thumbnail: '/images/courses/course1.svg',
      isPro: false,
      published: true,
    },
    videos,
    completedVideoIds,
    progress: videos.length ? Math.round((completedVideoIds.length / videos.length) * 100) : 0,
  };
}

export function makeCourseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    _id: 'course1',
    title: 'Stock Market Fundamentals',
    description: 'How exchanges work, what moves prices and how to read a quote.',
    thumbnail: '/images/courses/course1.svg',
    isPro: false,
    published: true,
    locked: false,
    videoCount: 3,
    totalDuration: 6300,
    completedCount: 0,
    progress: 0,
    continueVideoId: 101,
    ...overrides,
  };
}

/** The seeded catalogue's shape: one course under way, two Pro courses locked for a free learner. */
export function makeCatalogue(): CourseSummary[] {
  return [
    makeCourseSummary({ completedCount: 1, progress: 33, continueVideoId: 102 }),
    makeCourseSummary({
      _id: 'course2',
      title: 'Trading Psychology',
      description: 'Fear, greed, revenge trading and the habits that keep a trader in the game.',
      thumbnail: '/images/courses/course2.svg',
      videoCount: 2,
      totalDuration: 5700,
      continueVideoId: 201,
    }),
    makeCourseSummary({
      _id: 'course4',
      title: 'Fundamental Analysis Deep Dive',
      description: 'Balance sheets, income statements and valuation.',
      thumbnail: '/images/courses/course4.svg',
      isPro: true,
      locked: true,
      videoCount: 2,
      totalDuration: 5400,
      continueVideoId: 401,
    }),
  ];
}
