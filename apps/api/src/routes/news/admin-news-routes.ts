import { adminNewsContract } from '@candlewise/shared/news/news-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

const c = adminNewsContract;

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
        response: { 200: c.listSources.response },
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
        body: c.createSource.body,
        response: { 201: c.createSource.response },
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
        params: c.updateSource.params,
        body: c.updateSource.body,
        response: { 200: c.updateSource.response },
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
        params: c.deleteSource.params,
        response: { 200: c.deleteSource.response },
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
        params: c.pollSource.params,
        response: { 200: c.pollSource.response },
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
        querystring: c.listPosts.query,
        response: { 200: c.listPosts.response },
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
        body: c.createPost.body,
        response: { 201: c.createPost.response },
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
        params: c.updatePost.params,
        body: c.updatePost.body,
        response: { 200: c.updatePost.response },
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
        params: c.deletePost.params,
        response: { 200: c.deletePost.response },
      },
    },
    async (request) => {
      await deleteNewsPost(db(), request.params.postId);
      return { success: true as const, message: 'The article was deleted.', data: null };
    },
  );
};
