import { z } from 'zod';
import { apiData, apiSuccessWithMessage, defineContract } from '../api/contract.ts';
import { NEWS_CATEGORIES } from './news-categories.ts';
import { newsListQuerySchema, newsPostFieldsSchema, newsSourceFieldsSchema } from './news-schemas.ts';

/** News (ADR 023): the feed items and admin articles on /news, and the admins' sources and posts. */
const sourceParams = z.object({ sourceId: z.string().min(1).max(64) });
const postParams = z.object({ postId: z.string().min(1).max(64) });

/** One story: a feed item (opens at its source) or an admin's article (read in the app). */
export const newsItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(['feed', 'post']),
  title: z.string(),
  summary: z.string(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  category: z.enum(NEWS_CATEGORIES),
  symbols: z.array(z.string()),
  source: z.object({ _id: z.string().nullable(), name: z.string() }),
  author: z.string().nullable(),
  publishedAt: z.string(),
});
/** A story with its markdown body (an admin's article; null for a feed item). */
export const newsItemDetailSchema = newsItemSchema.extend({ body: z.string().nullable() });

/** A feed source as the admins see it: its last fetch, last error and how many items it brought. */
export const newsSourceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  category: z.enum(NEWS_CATEGORIES),
  enabled: z.boolean(),
  /** Shipped with the app (its url starts with bundled:). */
  bundled: z.boolean(),
  lastFetchedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  failureCount: z.number(),
  nextPollAt: z.string().nullable(),
  itemCount: z.number(),
});

/** What one fetch of a source did. */
export const newsPollResultSchema = z.object({
  status: z.enum(['ok', 'not-modified', 'failed']),
  received: z.number().optional(),
  stored: z.number().optional(),
  error: z.string().optional(),
});

export const newsContract = defineContract({
  listNews: {
    method: 'GET',
    path: '/news',
    query: newsListQuerySchema,
    response: apiData(
      z.object({
        items: z.array(newsItemSchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
        /** With mine=1: the symbols the filter used. */
        mySymbols: z.array(z.string()).optional(),
      }),
    ),
  },
  getNewsItem: {
    method: 'GET',
    path: '/news/:newsId',
    params: z.object({ newsId: z.string().min(1).max(64) }),
    response: apiData(z.object({ item: newsItemDetailSchema })),
  },
});

export const adminNewsContract = defineContract({
  listSources: {
    method: 'GET',
    path: '/admin/news/sources',
    response: apiData(z.object({ sources: z.array(newsSourceSchema) })),
  },
  createSource: {
    method: 'POST',
    path: '/admin/news/sources',
    body: newsSourceFieldsSchema,
    status: 201,
    response: apiSuccessWithMessage(z.object({ source: newsSourceSchema })),
  },
  updateSource: {
    method: 'PATCH',
    path: '/admin/news/sources/:sourceId',
    params: sourceParams,
    body: newsSourceFieldsSchema.partial(),
    response: apiData(z.object({ source: newsSourceSchema })),
  },
  deleteSource: {
    method: 'DELETE',
    path: '/admin/news/sources/:sourceId',
    params: sourceParams,
    response: apiSuccessWithMessage(z.null()),
  },
  pollSource: {
    method: 'POST',
    path: '/admin/news/sources/:sourceId/poll',
    params: sourceParams,
    /** A failed fetch is a 200 too: its message says why, and it is recorded on the source. */
    response: apiSuccessWithMessage(z.object({ result: newsPollResultSchema, source: newsSourceSchema })),
  },
  listPosts: {
    method: 'GET',
    path: '/admin/news/posts',
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: apiData(
      z.object({
        posts: z.array(newsItemDetailSchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
      }),
    ),
  },
  createPost: {
    method: 'POST',
    path: '/admin/news/posts',
    body: newsPostFieldsSchema,
    status: 201,
    response: apiSuccessWithMessage(z.object({ post: newsItemDetailSchema })),
  },
  updatePost: {
    method: 'PUT',
    path: '/admin/news/posts/:postId',
    params: postParams,
    body: newsPostFieldsSchema,
    response: apiData(z.object({ post: newsItemDetailSchema })),
  },
  deletePost: {
    method: 'DELETE',
    path: '/admin/news/posts/:postId',
    params: postParams,
    response: apiSuccessWithMessage(z.null()),
  },
});
