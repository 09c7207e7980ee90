import { challengeContract } from '@candlewise/shared/challenges/challenge-contract';
import { phaseRuleText, RULE_SETS } from '@candlewise/shared/challenges/rule-sets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditJournalTrades } from '../../services/journal/journal-rule-audit.ts';
import { getChallengeEvidence } from '../../services/trading/challenge-standing.ts';

const c = challengeContract;

/** The published rule sets, each phase with its rules as sentences (reference data: no sign-in). */
const ruleSetList = RULE_SETS.map((ruleSet) => ({
  ...ruleSet,
  phases: ruleSet.phases.map((phase) => ({ ...phase, rules: phaseRuleText(ruleSet, phase) })),
}));

export const challengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['challenges'];
  app.get(
    '/rule-sets',
    {
      schema: {
        tags,
        summary: 'The published challenge rule sets, every version',
        response: { 200: c.listRuleSets.response },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, data: ruleSetList };
    },
  );

  app.get(
    '/journal/rule-audit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary:
          'Your closed journal trades run through a challenge rule set: when they would have passed or failed',
        querystring: c.auditJournal.query,
        response: { 200: c.auditJournal.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auditJournalTrades(app.database.db, request.currentUser, request.query),
    }),
  );

  app.get(
    '/group/:groupId/challenge/events/:eventId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'One decision of my challenge with its evidence: rule text, fills, equity before it',
        params: c.getChallengeEvidence.params,
        response: { 200: c.getChallengeEvidence.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getChallengeEvidence(
        app.database.db,
        request.currentUser.id,
        request.params.groupId,
        request.params.eventId,
      ),
    }),
  );
};
