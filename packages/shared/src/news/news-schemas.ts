import { z } from '../api/zod-messages.ts';
import { NEWS_CATEGORIES } from './news-categories.ts';

export * from './news-categories.ts';

export const newsCategorySchema = z.enum(NEWS_CATEGORIES, {
  message: `Choose one of: ${NEWS_CATEGORIES.join(', ')}.`,
});

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, message);

/** An admin's feed source form. */
export const newsSourceFieldsSchema = z.object({
  name: z.string().trim().min(2, 'Name the source in at least 2 characters.').max(80),
  url: httpUrl('Use the http:// or https:// address of an RSS or Atom feed.'),
  category: newsCategorySchema,
  enabled: z.boolean().default(true),
});
export type NewsSourceFields = z.infer<typeof newsSourceFieldsSchema>;

/** An admin's article: markdown body, shown in the app beside feed items. */
export const newsPostFieldsSchema = z.object({
  title: z.string().trim().min(5, 'Give the article a title of at least 5 characters.').max(200),
  summary: z.string().trim().max(500, 'Keep the summary under 500 characters.').default(''),
  body: z.string().trim().min(20, 'Write at least 20 characters.').max(50_000),
  category: newsCategorySchema,
  imageUrl: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (value) => value === '' || value.startsWith('/') || /^https:\/\//.test(value),
      'Use an https:// image address or a path such as /images/x.svg.',
    )
    .default(''),
  symbols: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{2,12}$/, 'Use instrument symbols such as NIFTY50.'),
    )
    .max(20)
    .optional(),
});
export type NewsPostFields = z.infer<typeof newsPostFieldsSchema>;

/** GET /news: page through items, newest first. */
export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  category: newsCategorySchema.optional(),
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, 'Use an instrument symbol such as NIFTY50.')
    .optional(),
  q: z.string().trim().max(100, 'Search with fewer than 100 characters.').optional(),
  mine: z
    .enum(['0', '1', 'true', 'false'], { message: 'mine must be 1 or 0.' })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});
export type NewsListQuery = z.input<typeof newsListQuerySchema>;
