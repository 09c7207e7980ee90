import { newsPostFieldsSchema, newsSourceFieldsSchema } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getNewsItem, toNewsItem } from '../../services/news/list-news.ts';
import { listNewsPosts } from '../../services/news/list-news-posts.ts';
import { createNewsPost, deleteNewsPost, updateNewsPost } from '../../services/news/news-posts-admin.ts';
import {
  countNewsSourceItems,
  createNewsSource,
  deleteNewsSource,
  findNewsSource,
  listNewsSources,
  toSourceView,
  updateNewsSource,
} from '../../services/news/news-sources-admin.ts';
import { pollNewsSource } from '../../services/news/poll-news-source.ts';
import { newsItemSchema } from './news-routes.ts';

const sourceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  category: z.string(),
  enabled: z.boolean(),
  bundled: z.boolean(),
  lastFetchedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  failureCount: z.number(),
  nextPollAt: z.string().nullable(),
  itemCount: z.number(),
});
const postSchema = newsItemSchema.extend({ body: z.string().nullable() });
const sourceParams = z.object({ sourceId: z.string().min(1).max(64) });
const postParams = z.object({ postId: z.string().min(1).max(64) });
const pollSchema = z.object({
  status: z.enum(['ok', 'not-modified', 'failed']),
  received: z.number().optional(),
  stored: z.number().optional(),
  error: z.string().optional(),
});

export const adminNewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const db = () => app.database.db;
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const itemCount = (sourceId: string) => countNewsSourceItems(db(), sourceId);

  app.get(
    '/admin/news/sources',
    {
      schema: {
        tags,
        security,
        summary: 'Feed sources with their last fetch, last error and item count',
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ sources: z.array(sourceSchema) }) }),
        },
      },
    },
    async () => ({ success: true as const, data: { sources: await listNewsSources(db()) } }),
  );

  app.post(
    '/admin/news/sources',
    {
      schema: {
        tags,
        security,
        summary: 'Add an RSS or Atom feed; it is polled at the next check (within a minute)',
        body: newsSourceFieldsSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ source: sourceSchema }),
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await createNewsSource(db(), request.body, app.config.outboundAllowedHosts);
      return reply.code(201).send({
        success: true as const,
        message: 'The source was added.',
        data: { source: toSourceView(created, 0) },
      });
    },
  );

  app.patch(
    '/admin/news/sources/:sourceId',
    {
      schema: {
        tags,
        security,
        summary: 'Rename, re-address, re-categorise, switch a source on or off',
        params: sourceParams,
        body: newsSourceFieldsSchema.partial(),
        response: { 200: z.object({ success: z.literal(true), data: z.object({ source: sourceSchema }) }) },
      },
    },
    async (request) => {
      const updated = await updateNewsSource(
        db(),
        request.params.sourceId,
        request.body,
        app.config.outboundAllowedHosts,
      );
      return { success: true as const, data: { source: toSourceView(updated, await itemCount(updated.id)) } };
    },
  );

  app.delete(
    '/admin/news/sources/:sourceId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a source and the items it brought',
        params: sourceParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), data: z.null() }) },
      },
    },
    async (request) => {
      await deleteNewsSource(db(), request.params.sourceId);
      return { success: true as const, message: 'The source and its items were deleted.', data: null };
    },
  );

  app.post(
    '/admin/news/sources/:sourceId/poll',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Fetch a source now; a failure is answered 200 with the error and recorded on the source',
        params: sourceParams,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ result: pollSchema, source: sourceSchema }),
          }),
        },
      },
    },
    async (request) => {
      const source = await findNewsSource(db(), request.params.sourceId);
      const { news } = app.config;
      const result = await pollNewsSource(db(), source, {
        intervalMinutes: news.pollMinutes,
        timeoutMs: news.fetchTimeoutMs,
        maxBytes: news.maxFeedBytes,
        allowHosts: app.config.outboundAllowedHosts,
      });
      const after = await findNewsSource(db(), source.id);
      const message =
        result.status === 'ok'
          ? `Fetched ${result.received} items; ${result.stored} new.`
          : result.status === 'not-modified'
            ? 'The feed has not changed since the last fetch.'
            : `The fetch failed: ${result.error}`;
      return {
        success: true as const,
        message,
        data: { result, source: toSourceView(after, await itemCount(after.id)) },
      };
    },
  );

  app.get(
    '/admin/news/posts',
    {
      schema: {
        tags,
        security,
        summary: 'Articles written by admins, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              posts: z.array(postSchema),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { posts, total } = await listNewsPosts(db(), { page, pageSize });
      return { success: true as const, data: { posts, total, page, pageSize } };
    },
  );

  app.post(
    '/admin/news/posts',
    {
      schema: {
        tags,
        security,
        summary: 'Publish an article (markdown); it appears on /news beside the feed items',
        body: newsPostFieldsSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ post: postSchema }),
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await createNewsPost(db(), request.currentUser, request.body);
      return reply.code(201).send({
        success: true as const,
        message: 'The article was published.',
        data: { post: { ...toNewsItem(created), body: created.body } },
      });
    },
  );

  app.put(
    '/admin/news/posts/:postId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit an article',
        params: postParams,
        body: newsPostFieldsSchema,
        response: { 200: z.object({ success: z.literal(true), data: z.object({ post: postSchema }) }) },
      },
    },
    async (request) => {
      await updateNewsPost(db(), request.params.postId, request.body);
      return { success: true as const, data: { post: await getNewsItem(db(), request.params.postId) } };
    },
  );

  app.delete(
    '/admin/news/posts/:postId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an article',
        params: postParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), data: z.null() }) },
      },
    },
    async (request) => {
      await deleteNewsPost(db(), request.params.postId);
      return { success: true as const, message: 'The article was deleted.', data: null };
    },
  );
};
