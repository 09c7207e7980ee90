import { z } from '../api/zod-messages.ts';
import { isAllowedVideoUrl } from './video-url.ts';

/** Admin forms for courses, lessons and chapters (shared by the admin screens and the API). */
export const courseFieldsSchema = z.object({
  title: z.string().trim().min(3, 'Give the course a title of at least 3 characters.').max(120),
  description: z.string().trim().min(10, 'Describe the course in at least 10 characters.').max(2000),
  thumbnail: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => value.startsWith('/') || /^https:\/\//.test(value),
      'Use an https:// image address or a path such as /images/x.svg.',
    ),
  isPro: z.boolean().default(false),
  published: z.boolean().default(false),
});

export const createCourseSchema = courseFieldsSchema.extend({
  id: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9-]{1,40}$/,
      'Use 2–41 lowercase letters, digits or dashes, such as "options-advanced".',
    ),
});

export const lessonFieldsSchema = z.object({
  title: z.string().trim().min(3, 'Give the lesson a title of at least 3 characters.').max(160),
  description: z.string().trim().max(5000).default(''),
  thumbnail: courseFieldsSchema.shape.thumbnail,
  duration: z
    .number()
    .int('Use whole seconds.')
    .positive('The duration must be more than 0 seconds.')
    .max(24 * 3600),
  videoUrl: z
    .string()
    .trim()
    .max(500)
    .refine(isAllowedVideoUrl, 'Use a YouTube link (watch, youtu.be, shorts or embed).'),
});

export const chapterSchema = z.object({
  name: z.string().trim().min(1, 'Name the chapter.').max(120),
  startTime: z.number().int().min(0),
  endTime: z.number().int().min(1),
});

export const chaptersSchema = z.object({ chapters: z.array(chapterSchema).max(100) });
