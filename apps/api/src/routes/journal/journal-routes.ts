import {
  IMPORT_JOB_MIN_ROWS,
  JOURNAL_IMPORT_ALIASES,
  JOURNAL_IMPORT_LAYOUTS,
  JOURNAL_SCREENSHOT_MAX_BYTES,
  JOURNAL_SCREENSHOTS_PER_ENTRY,
  journalContract,
} from '@candlewise/shared';
import { countOf, formatCount } from '@candlewise/shared/format/format-count';

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import { exportJournalTrades } from '../../services/journal/export-journal-trades.ts';
import { getJournalStatistics } from '../../services/journal/get-journal-statistics.ts';
import { ImportJobs } from '../../services/journal/import-jobs.ts';
import { commitJournalImport, previewJournalImport } from '../../services/journal/import-journal-trades.ts';
import { getJournalCalendar } from '../../services/journal/journal-calendar.ts';
import {
  deleteJournalEntry,
  getJournalDay,
  listActiveQuestions,
  saveJournalEntry,
} from '../../services/journal/journal-entries.ts';
import {
  createPlaybook,
  deletePlaybook,
  followedRuleIdsOf,
  getPlaybook,
  getPlaybookReport,
  listPlaybooks,
  updatePlaybook,
} from '../../services/journal/journal-playbooks.ts';
import {
  addJournalScreenshots,
  deleteJournalScreenshot,
  findOwnScreenshot,
} from '../../services/journal/journal-screenshots.ts';
import { getJournalSummary } from '../../services/journal/journal-summary.ts';
import {
  bulkTagJournalTrades,
  createJournalTrade,
  deleteJournalTrade,
  findOwnTrade,
  updateJournalTrade,
} from '../../services/journal/journal-trades.ts';
import { listJournalTrades } from '../../services/journal/list-journal-trades.ts';
import { listOpenPositions } from '../../services/journal/list-open-positions.ts';
import { saveOpeningHoldings } from '../../services/journal/save-opening-holdings.ts';
import { syncPaperTrades } from '../../services/journal/sync-paper-trades.ts';
import { type JournalTradeView, toJournalTrade } from '../../services/journal/to-journal-trade.ts';

const c = journalContract;
const ok = <T>(data: T, message?: string) => ({
  success: true as const,
  ...(message ? { message } : {}),
  data,
});

/** One uploaded CSV from the multipart field "file". */
/** The sentence a commit answers with (the job's too). */
function commitSentence(result: Awaited<ReturnType<typeof commitJournalImport>>): string {
  return result.format === 'fills'
    ? `${countOf(result.newFills, 'new fill')}, ${formatCount(result.knownFills)} already in your journal: ${countOf(result.completeTrades, 'trade')} complete, ${countOf(result.openPositions, 'position')} open.${result.needsOpeningHoldings.length ? ` ${countOf(result.needsOpeningHoldings.length, 'symbol')} need${result.needsOpeningHoldings.length === 1 ? 's' : ''} opening holdings.` : ''}`
    : `${countOf(result.added, 'trade')} imported${result.duplicates ? `, ${formatCount(result.duplicates)} already in your journal` : ''}.`;
}

async function readCsvUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the CSV file as multipart/form-data in the field "file".',
    );
  }
  const file = await request.file({ limits: { files: 1 } });
  if (!file) throw new AppError(400, 'BAD_REQUEST', 'Choose a CSV file to import in the field "file".');
  // The name is only kept for the import history: control characters (NUL) cannot be stored.
  const fileName = [...file.filename]
    .filter((character) => character > '\u001f' && character !== '\u007f')
    .join('')
    .trim();
  return { bytes: await file.toBuffer(), fileName: fileName || 'trades.csv' };
}

/**
 * The trading journal (docs/architecture.md §Journal): daily entries with screenshots and linked trades, trades typed
 * in, imported from CSV or made from competition fills, and statistics. Every read and write is the
 * caller's own: anything of another learner answers 404, as if it did not exist. Days, weekdays and
 * hours are read in the learner's profile time zone.
 */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['journal'];
  const security = [{ bearerAuth: [] }];
  const db = () => app.database.db;
  const importJobs = new ImportJobs(db, app.background, (result) =>
    commitSentence(result as Parameters<typeof commitSentence>[0]),
  );
  /** A trade's answer with the rules of its playbook it kept to (the edit form ticks them). */
  const withChecks = async (trade: JournalTradeView) => ({
    ...trade,
    followedRuleIds: (await followedRuleIdsOf(db(), [trade._id])).get(trade._id) ?? [],
  });
  /** Competition fills closed since the last read become verified trades first (idempotent). */
  const synced = async (request: FastifyRequest) => {
    await syncPaperTrades(db(), request.currentUser.id);
    return request.currentUser.id;
  };

  app.get(
    '/journal/import/template',
    {
      schema: {
        response: {
          200: {
            description: 'A file',
            content: { 'text/csv': { schema: c.downloadImportTemplate.response } },
          },
        },
        tags,
        summary: 'Download the Candlewise template, or an example file of a broker layout',
        querystring: c.downloadImportTemplate.query,
      },
    },
    async (request, reply) => {
      const choice = request.query.preset;
      const id =
        choice === 'auto'
          ? 'candlewise-template'
          : choice in JOURNAL_IMPORT_ALIASES
            ? JOURNAL_IMPORT_ALIASES[choice as keyof typeof JOURNAL_IMPORT_ALIASES]
            : choice;
      const layout = JOURNAL_IMPORT_LAYOUTS.find((candidate) => candidate.id === id)!;
      if (!layout.example) throw notFound(`There is no example file of the ${layout.name} layout.`);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${layout.id}.csv"`)
        .send(`${layout.example}\r\n`);
    },
  );

  const ownRoutes: FastifyPluginAsyncZod = async (own) => {
    // Reads and own-data writes (keepsUserCache) from the identity cache; other writes from the database.
    own.addHook('onRequest', own.authenticateRoute);
    /**
     * The /home and /journal first reads, from memory for at most a second (ADR 019). A journal
     * write or an order by the learner bumps their read generation, so their next read is fresh.
     */
    const cachedOk = async (
      request: FastifyRequest,
      reply: FastifyReply,
      what: string,
      load: () => Promise<unknown>,
    ) =>
      sendJsonText(
        reply,
        await app.readForCaller(request, `journal:${what}`, async () => {
          await synced(request);
          return JSON.stringify(ok(await load()));
        }),
      );

    own.get(
      '/journal/questions',
      {
        schema: {
          response: { 200: c.listQuestions.response },
          tags,
          security,
          summary: 'The reflective questions asked each day',
        },
      },
      async () => ok(await listActiveQuestions(db())),
    );

    own.get(
      '/journal/summary',
      {
        schema: {
          response: { 200: c.getSummary.response },
          tags,
          security,
          summary: 'The /home card: today, the entry streak and this month in the main currency',
        },
      },
      async (request, reply) =>
        cachedOk(request, reply, 'summary', () => getJournalSummary(db(), request.currentUser)),
    );

    own.get(
      '/journal/calendar',
      {
        schema: {
          response: { 200: c.getCalendar.response },
          tags,
          security,
          summary:
            'Net P&L and trade count in one currency (the main one by default) and entry of each day of a month',
          querystring: c.getCalendar.query,
        },
      },
      async (request, reply) =>
        cachedOk(request, reply, `calendar:${request.query.month}:${request.query.currency ?? ''}`, () =>
          getJournalCalendar(db(), request.currentUser, request.query.month, request.query.currency),
        ),
    );

    own.get(
      '/journal/entries/:date',
      {
        schema: {
          response: { 200: c.getDay.response },
          tags,
          security,
          summary: "A day: the entry (null when none), the questions and the day's trades",
          params: c.getDay.params,
        },
      },
      async (request) =>
        ok(
          await getJournalDay(db(), await synced(request), request.params.date, request.currentUser.timeZone),
        ),
    );

    own.put(
      '/journal/entries/:date',
      {
        schema: {
          response: { 200: c.saveEntry.response },
          tags,
          security,
          summary: "Write the day's entry (one per day; linked trades replace the previous links)",
          params: c.getDay.params,
          body: c.saveEntry.body,
        },
      },
      async (request) =>
        ok(
          await saveJournalEntry(db(), request.currentUser.id, request.params.date, request.body),
          'Your entry is saved.',
        ),
    );

    own.delete(
      '/journal/entries/:date',
      {
        schema: {
          response: { 200: c.deleteEntry.response },
          tags,
          security,
          summary: "Delete the day's entry and its screenshots",
          params: c.getDay.params,
        },
      },
      async (request) => {
        const keys = await deleteJournalEntry(db(), request.currentUser.id, request.params.date);
        await Promise.all(keys.map((key) => app.fileStorage.delete(key).catch(() => undefined)));
        return ok(null, 'The entry was deleted.');
      },
    );

    own.post(
      '/journal/entries/:date/screenshots',
      {
        schema: {
          response: { 201: c.addScreenshots.response },
          tags,
          security,
          summary: `Add screenshots to a day (multipart, field "screenshots"; PNG, JPEG or WebP, at most ${JOURNAL_SCREENSHOTS_PER_ENTRY} of 5 MB each)`,
          consumes: ['multipart/form-data'],
          params: c.getDay.params,
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the screenshots as multipart/form-data.');
        }
        const files: Buffer[] = [];
        for await (const part of request.files({
          limits: { fileSize: JOURNAL_SCREENSHOT_MAX_BYTES, files: JOURNAL_SCREENSHOTS_PER_ENTRY },
        })) {
          files.push(await part.toBuffer()); // past 5 MB: FST_REQ_FILE_TOO_LARGE → 413
        }
        if (files.length === 0)
          throw new AppError(400, 'BAD_REQUEST', 'Choose at least one screenshot to upload.');
        const added = await addJournalScreenshots(
          db(),
          app.fileStorage,
          request.currentUser.id,
          request.params.date,
          files,
        );
        return reply.status(201).send(ok({ added }, `${added} screenshot${added === 1 ? '' : 's'} added.`));
      },
    );

    own.get(
      '/journal/screenshots/:id',
      {
        schema: {
          response: {
            200: { description: 'A file', content: { 'image/*': { schema: c.getScreenshot.response } } },
          },
          tags,
          security,
          summary: 'A screenshot, to its owner only',
          params: c.getTrade.params,
        },
      },
      async (request, reply) => {
        const shot = await findOwnScreenshot(db(), request.currentUser.id, request.params.id);
        const content = await app.fileStorage.get(shot.storageKey);
        if (!content) throw notFound('That screenshot is not in your journal.');
        return (
          reply
            .type(shot.contentType)
            .header('Cache-Control', 'private, max-age=3600')
            .header('Content-Security-Policy', "default-src 'none'; sandbox")
            .header('Content-Disposition', 'inline')
            .header('Cross-Origin-Resource-Policy', 'same-origin')
            // The bytes go out as they are (no serialiser): the contract types a file as a binary string.
            .send(content as unknown as string)
        );
      },
    );

    own.delete(
      '/journal/screenshots/:id',
      {
        schema: {
          response: { 200: c.deleteScreenshot.response },
          tags,
          security,
          summary: 'Remove a screenshot',
          params: c.getTrade.params,
        },
      },
      async (request) => {
        await deleteJournalScreenshot(db(), app.fileStorage, request.currentUser.id, request.params.id);
        return ok(null, 'The screenshot was removed.');
      },
    );

    own.get(
      '/journal/trades',
      {
        schema: {
          response: { 200: c.listTrades.response },
          tags,
          security,
          summary: 'Your trades with filters, sorting and paging, and the symbols and tags you use',
          querystring: c.listTrades.query,
        },
      },
      async (request) =>
        ok(await listJournalTrades(db(), await synced(request), request.currentUser.timeZone, request.query)),
    );

    own.post(
      '/journal/trades',
      {
        schema: {
          response: { 201: c.createTrade.response },
          tags,
          security,
          summary: 'Add a trade by hand',
          body: c.createTrade.body,
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await withChecks(
                toJournalTrade(await createJournalTrade(db(), request.currentUser.id, request.body)),
              ),
              'Trade added.',
            ),
          ),
    );

    own.post(
      '/journal/trades/bulk-tag',
      {
        schema: {
          response: { 200: c.bulkTagTrades.response },
          tags,
          security,
          summary: 'Add or remove tags on many trades',
          body: c.bulkTagTrades.body,
        },
      },
      async (request) => {
        const updated = await bulkTagJournalTrades(db(), request.currentUser.id, request.body);
        return ok({ updated }, `${updated} trade${updated === 1 ? '' : 's'} updated.`);
      },
    );

    own.get(
      '/journal/trades/:id',
      {
        schema: {
          response: { 200: c.getTrade.response },
          tags,
          security,
          summary: 'One of your trades',
          params: c.getTrade.params,
        },
      },
      async (request) =>
        ok(
          await withChecks(
            toJournalTrade(await findOwnTrade(db(), request.currentUser.id, request.params.id)),
          ),
        ),
    );

    own.put(
      '/journal/trades/:id',
      {
        schema: {
          response: { 200: c.updateTrade.response },
          tags,
          security,
          summary: 'Edit a trade (verified trades: stop, target, tags, notes and playbook only)',
          params: c.getTrade.params,
          body: c.createTrade.body,
        },
      },
      async (request) =>
        ok(
          await withChecks(
            toJournalTrade(
              await updateJournalTrade(db(), request.currentUser.id, request.params.id, request.body),
            ),
          ),
          'Trade saved.',
        ),
    );

    own.delete(
      '/journal/trades/:id',
      {
        schema: {
          response: { 200: c.deleteTrade.response },
          tags,
          security,
          summary: 'Delete a trade',
          params: c.getTrade.params,
        },
      },
      async (request) => {
        await deleteJournalTrade(db(), request.currentUser.id, request.params.id);
        return ok(null, 'Trade deleted.');
      },
    );

    own.get(
      '/journal/playbooks',
      {
        schema: {
          response: { 200: c.listPlaybooks.response },
          tags,
          security,
          summary: 'Your playbooks: setups with their rules (a checklist)',
        },
      },
      async (request) => ok(await listPlaybooks(db(), request.currentUser.id)),
    );

    own.post(
      '/journal/playbooks',
      {
        schema: {
          response: { 201: c.createPlaybook.response },
          tags,
          security,
          summary: 'Write a playbook (at most 50, of at most 30 rules each)',
          body: c.createPlaybook.body,
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await createPlaybook(db(), request.currentUser.id, request.body), 'Playbook saved.')),
    );

    own.get(
      '/journal/playbooks/:id',
      {
        schema: {
          response: { 200: c.getPlaybook.response },
          tags,
          security,
          summary: 'One of your playbooks',
          params: c.getPlaybook.params,
        },
      },
      async (request) => ok(await getPlaybook(db(), request.currentUser.id, request.params.id)),
    );

    own.put(
      '/journal/playbooks/:id',
      {
        schema: {
          response: { 200: c.updatePlaybook.response },
          tags,
          security,
          summary: 'Edit a playbook: rules sent with their id keep their history, rules left out are deleted',
          params: c.updatePlaybook.params,
          body: c.updatePlaybook.body,
        },
      },
      async (request) =>
        ok(
          await updatePlaybook(db(), request.currentUser.id, request.params.id, request.body),
          'Playbook saved.',
        ),
    );

    own.delete(
      '/journal/playbooks/:id',
      {
        schema: {
          response: { 200: c.deletePlaybook.response },
          tags,
          security,
          summary: 'Delete a playbook (its trades stay, without a playbook)',
          params: c.deletePlaybook.params,
        },
      },
      async (request) => {
        await deletePlaybook(db(), request.currentUser.id, request.params.id);
        return ok(null, 'Playbook deleted.');
      },
    );

    own.get(
      '/journal/playbooks/:id/report',
      {
        schema: {
          response: { 200: c.getPlaybookReport.response },
          tags,
          security,
          summary:
            "A playbook's report: per rule, the P&L and win rate of trades that kept to it and broke it, with sample sizes",
          params: c.getPlaybookReport.params,
          querystring: c.getPlaybookReport.query,
        },
      },
      async (request) =>
        ok(await getPlaybookReport(db(), await synced(request), request.params.id, request.query.currency)),
    );

    own.get(
      '/journal/stats',
      {
        schema: {
          response: { 200: c.getStatistics.response },
          tags,
          security,
          summary:
            'Statistics of your trades in one currency (the main one by default) with filters; breakdowns and the equity curve are Pro ({ locked: true } otherwise)',
          querystring: c.getStatistics.query,
        },
      },
      async (request, reply) =>
        cachedOk(request, reply, `stats:${JSON.stringify(request.query)}`, () =>
          getJournalStatistics(db(), request.currentUser, request.query),
        ),
    );

    own.get(
      '/journal/positions',
      {
        schema: {
          response: { 200: c.listOpenPositions.response },
          tags,
          security,
          summary:
            'Open positions per account (not trades yet) and the symbols whose sales need opening holdings',
        },
      },
      async (request) =>
        ok(await listOpenPositions(db(), await synced(request), request.currentUser.timeZone)),
    );

    own.post(
      '/journal/opening-holdings',
      {
        schema: {
          response: { 200: c.saveOpeningHoldings.response },
          tags,
          security,
          summary:
            'Enter shares held before an account’s history starts (quantity and average price per symbol; 0 removes), then rebuild its trades',
          body: c.saveOpeningHoldings.body,
        },
      },
      async (request) => {
        const result = await saveOpeningHoldings(db(), request.currentUser.id, request.body);
        return ok(
          result,
          `Opening holdings saved: ${countOf(result.completeTrades, 'trade')} complete, ${countOf(result.openPositions, 'position')} open.`,
        );
      },
    );

    own.get(
      '/journal/export',
      {
        schema: {
          response: {
            200: { description: 'A file', content: { 'text/csv': { schema: c.exportTrades.response } } },
          },
          tags,
          security,
          summary: 'Your trades with the filters as CSV',
          querystring: c.getStatistics.query,
        },
      },
      async (request, reply) => {
        const csv = await exportJournalTrades(
          db(),
          await synced(request),
          request.currentUser.timeZone,
          request.query,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="candlewise-journal.csv"')
          .send(csv);
      },
    );

    own.get(
      '/journal/import/presets',
      {
        schema: {
          response: { 200: c.listImportPresets.response },
          tags,
          security,
          summary:
            'The file layouts you can import: broker files (fills) and the Candlewise template (trades)',
        },
      },
      async () =>
        ok(
          JOURNAL_IMPORT_LAYOUTS.map(({ id, kind, name, description, howToExport, example }) => ({
            id,
            kind,
            name,
            description,
            howToExport,
            templateUrl: example ? `/api/v1/journal/import/template?preset=${id}` : null,
          })),
        ),
    );

    const importLimit = own.limit({
      max: 60,
      windowMs: 60 * 60 * 1000,
      key: (request) => `journal-import:user:${request.currentUser.id}`,
    });

    own.post(
      '/journal/import/preview',
      {
        preHandler: importLimit,
        schema: {
          response: { 200: c.previewImport.response },
          tags,
          security,
          summary:
            'Check a CSV file (multipart field "file"): row errors by line; for broker files new and known fills, complete trades, open positions and symbols needing opening holdings',
          consumes: ['multipart/form-data'],
          querystring: c.previewImport.query,
        },
      },
      async (request) => {
        const file = await readCsvUpload(request);
        return ok(
          await previewJournalImport(db(), request.currentUser.id, file.bytes, {
            preset: request.query.preset,
            mapping: request.query.mapping,
            timeZone: request.currentUser.timeZone,
          }),
        );
      },
    );

    own.post(
      '/journal/import/commit',
      {
        preHandler: importLimit,
        schema: {
          response: { 201: c.commitImport.response },
          tags,
          security,
          summary: 'Import a CSV file (multipart field "file"): all rows or, when any row has an error, none',
          consumes: ['multipart/form-data'],
          querystring: c.commitImport.query,
        },
      },
      async (request, reply) => {
        const file = await readCsvUpload(request);
        const result = await commitJournalImport(db(), request.currentUser.id, file, {
          preset: request.query.preset,
          mapping: request.query.mapping,
          timeZone: request.currentUser.timeZone,
        });
        return reply.status(201).send(ok(result, commitSentence(result)));
      },
    );

    own.post(
      '/journal/import/jobs',
      {
        preHandler: importLimit,
        schema: {
          response: { 202: c.startImportJob.response },
          tags,
          security,
          summary: `Import a large CSV file in the background (multipart field "file"; the import screen uses it from ${IMPORT_JOB_MIN_ROWS.toLocaleString('en-US')} rows): answers 202 with the job; GET /journal/import/jobs/{id} follows it. All rows or, when any row has an error, none`,
          consumes: ['multipart/form-data'],
          querystring: c.startImportJob.query,
        },
      },
      async (request, reply) => {
        const file = await readCsvUpload(request);
        const job = await importJobs.start(request.currentUser.id, file, {
          preset: request.query.preset,
          mapping: request.query.mapping,
          timeZone: request.currentUser.timeZone,
        });
        return reply.status(202).send(ok(job, 'Importing your file…'));
      },
    );

    own.get(
      '/journal/import/jobs/:id',
      {
        schema: {
          response: { 200: c.getImportJob.response },
          tags,
          security,
          summary:
            'How far one of your background imports is: its stage, fills stored of total, then its answer or why nothing was imported',
          params: c.getImportJob.params,
        },
      },
      async (request) => ok(await importJobs.get(request.currentUser.id, request.params.id)),
    );
  };
  await app.register(ownRoutes);
};
