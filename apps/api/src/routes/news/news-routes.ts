import { newsContract } from '@candlewise/shared/news/news-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import { findMySymbols } from '../../services/news/find-my-symbols.ts';
import { getNewsItem, listNews } from '../../services/news/list-news.ts';

const c = newsContract;
/** How long everyone's news page is served from memory (ADR 019: a second, like a caller's reads). */
const READ_SHARED_MS = 1000;

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
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
        querystring: c.listNews.query,
        response: { 200: c.listNews.response },
      },
    },
    async (request, reply) => {
      const { mine, ...filter } = request.query;
      const answer = async (mySymbols: string[] | undefined) => {
        const { items, total } = await listNews(app.database.db, { ...filter, symbols: mySymbols });
        return JSON.stringify(
          c.listNews.response.parse({
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
      };
      const what = `news:${JSON.stringify(request.query)}`;
      // Without mine=1 the page is everyone's: one read a second for all learners, not one each.
      // Admins, who write news (on any process), read their own, so that their next read shows it.
      const body =
        mine || request.currentUser.role === 'admin'
          ? await app.readForCaller(request, what, async () =>
              answer(mine ? await findMySymbols(app.database.db, request.currentUser.id) : undefined),
            )
          : await app.readCache.get(`shared:${app.writesHandled.count}:${what}`, READ_SHARED_MS, () =>
              answer(undefined),
            );
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
        params: c.getNewsItem.params,
        response: { 200: c.getNewsItem.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: { item: await getNewsItem(app.database.db, request.params.newsId) },
    }),
  );
};
