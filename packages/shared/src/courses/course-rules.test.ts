import { describe, expect, it } from 'vitest';
import { formatMinutesSeconds } from '../format/format-duration.ts';
import { chapterProblems } from './chapter-rules.ts';
import { courseProgressPercent } from './course-progress.ts';
import { isAllowedVideoUrl, toEmbedUrl, youtubeVideoId } from './video-url.ts';

describe('course progress %', () => {
  it('is 0 for a course without videos', () => {
    expect(courseProgressPercent(0, 0)).toBe(0);
    expect(courseProgressPercent(3, 0)).toBe(0);
  });
  it('rounds completions ÷ videos × 100', () => {
    expect(courseProgressPercent(1, 3)).toBe(33);
    expect(courseProgressPercent(2, 3)).toBe(67);
    expect(courseProgressPercent(1, 8)).toBe(13); // 12.5 rounds up
    expect(courseProgressPercent(3, 3)).toBe(100);
    expect(courseProgressPercent(0, 13)).toBe(0);
  });
  it('never passes 100 when lessons were removed after completion', () => {
    expect(courseProgressPercent(4, 3)).toBe(100);
  });
});

describe('m:ss', () => {
  it.each([
    [65, '1:05'],
    [3600, '60:00'],
    [0, '0:00'],
    [1800, '30:00'],
    [59, '0:59'],
    [3661, '61:01'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatMinutesSeconds(seconds)).toBe(text);
  });
  it('treats bad input as 0', () => {
    expect(formatMinutesSeconds(Number.NaN)).toBe('0:00');
    expect(formatMinutesSeconds(-5)).toBe('0:00');
  });
});

describe('watch → embed', () => {
  const embed = 'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0&enablejsapi=1';
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123',
    'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc&t=10',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?start=30',
  ])('%s', (link) => {
    expect(toEmbedUrl(link, { autoplay: true })).toBe(embed);
  });
  it('adds a start time to resume playback', () => {
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ', { autoplay: true, startSeconds: 125.7 })).toContain(
      'start=125',
    );
  });
  it.each([
    'https://vimeo.com/123',
    'javascript:alert(1)',
    'not a url',
    'https://www.youtube.com/watch?v=short',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
  ])('refuses %s', (link) => {
    expect(youtubeVideoId(link)).toBeNull();
    expect(isAllowedVideoUrl(link)).toBe(false);
  });
});

describe('chapters', () => {
  it('accepts chapters inside the video that do not overlap', () => {
    expect(
      chapterProblems(
        [
          { name: 'A', startTime: 0, endTime: 60 },
          { name: 'B', startTime: 60, endTime: 120 },
        ],
        120,
      ),
    ).toEqual([]);
  });
  it('reports chapters outside the video, backwards or overlapping', () => {
    const problems = chapterProblems(
      [
        { name: 'A', startTime: 0, endTime: 70 },
        { name: 'B', startTime: 60, endTime: 120 },
        { name: 'C', startTime: 100, endTime: 90 },
        { name: 'D', startTime: 110, endTime: 200 },
      ],
      150,
    );
    expect(problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        '"B" overlaps "A".',
        '"C" must end after it starts.',
        '"D" must lie inside the video (0 to 150 s).',
      ]),
    );
  });
});
