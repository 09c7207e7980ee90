import { NEWS_CATEGORIES, newsListQuerySchema } from '@candlewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import { findMySymbols } from '../../services/news/find-my-symbols.ts';
import { getNewsItem, listNews } from '../../services/news/list-news.ts';

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

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const listAnswer = z.object({
    success: z.literal(true),
    data: z.object({
      items: z.array(newsItemSchema),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
      /** With mine=1: the symbols the filter used. */
      mySymbols: z.array(z.string()).optional(),
    }),
  });

  // The /news page's first read: from memory for at most a second per caller and query (ADR 019).
  app.get(
    '/news',
    {
      onRequest: app.authenticateCached,
      schema: {
        tags: ['news'],
        summary:
          'News from the feeds and admin posts, newest first: paging, category, symbol, text search, and mine=1 for the instruments you hold or traded',
        security: [{ bearerAuth: [] }],
        querystring: newsListQuerySchema,
        response: { 200: listAnswer },
      },
    },
    async (request, reply) => {
      const { mine, ...filter } = request.query;
      const body = await app.readForCaller(request, `news:${JSON.stringify(request.query)}`, async () => {
        const mySymbols = mine ? await findMySymbols(app.database.db, request.currentUser.id) : undefined;
        const { items, total } = await listNews(app.database.db, { ...filter, symbols: mySymbols });
        return JSON.stringify(
          listAnswer.parse({
            success: true,
            data: {
              items,
              total,
              page: filter.page,
              pageSize: filter.pageSize,
              ...(mySymbols ? { mySymbols } : {}),
            },
          }),
        );
      });
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/news/:newsId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['news'],
        summary: 'One news item; an admin post comes with its markdown body',
        security: [{ bearerAuth: [] }],
        params: z.object({ newsId: z.string().min(1).max(64) }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ item: newsItemSchema.extend({ body: z.string().nullable() }) }),
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { item: await getNewsItem(app.database.db, request.params.newsId) },
    }),
  );
};
