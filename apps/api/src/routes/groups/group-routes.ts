import { adminGroupContract, groupContract } from '@candlewise/shared/groups/group-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/ttl-cache.ts';
import { assertSelf } from '../../plugins/authentication.ts';
import { createGroup, listAdminGroups, updateGroup } from '../../services/groups/group-admin.ts';
import {
  decideParticipant,
  getGroup,
  listGroupParticipants,
  listGroups,
  listParticipations,
  requestToJoin,
  withdrawJoinRequest,
} from '../../services/groups/group-membership.ts';

const c = groupContract;
const admin = adminGroupContract;

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticateRoute);
  // The list is read on every visit to /group: served from memory for a second, dropped on changes.
  const changed = (groupId?: string) => {
    app.readCache.invalidate('groups:');
    app.readCache.invalidate(groupId ? `member:${groupId}:` : 'member:');
  };
  const security = [{ bearerAuth: [] }];
  const tags = ['groups'];

  app.get(
    '/group/',
    {
      schema: {
        tags,
        security,
        summary: 'All trading competitions',
        response: { 200: c.listGroups.response },
      },
    },
    // Every page of the groups area reads this: the answer is checked against its schema and
    // serialised once per cache fill, then sent as is (a string skips the per-request serialiser).
    async (_request, reply) => {
      const body = await app.readCache.get('groups:list', 1000, async () =>
        JSON.stringify(
          c.listGroups.response.parse({ success: true, data: await listGroups(app.database.db) }),
        ),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/group/getParticipants/participants/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s join requests and their status',
        params: c.listParticipations.params,
        response: { 200: c.listParticipations.response },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId, { allowAdmin: true });
      return {
        success: true as const,
        data: await listParticipations(app.database.db, request.params.userId),
      };
    },
  );

  app.post(
    '/group/:groupId/participants',
    {
      schema: {
        tags,
        security,
        summary: 'Ask to join a competition (status pending); 409 when already asked',
        params: c.requestToJoin.params,
        body: c.requestToJoin.body,
        response: { 201: c.requestToJoin.response },
      },
    },
    async (request, reply) => {
      assertSelf(request, request.body.userId);
      const participant = await requestToJoin(
        app.database.db,
        request.currentUser.id,
        request.params.groupId,
      );
      return reply
        .code(201)
        .send({ success: true as const, message: 'Request sent successfully', data: participant });
    },
  );

  app.delete(
    '/group/:groupId/participants/:participantId',
    {
      config: { keepsUserCache: true },
      schema: {
        tags,
        security,
        summary:
          'Withdraw my pending join request (the `_id` the join answered); 409 once approved or rejected, 404 when it is not mine',
        params: c.withdrawJoinRequest.params,
        response: { 200: c.withdrawJoinRequest.response },
      },
    },
    async (request) => {
      // Whose request it is comes from the token: another user's request answers 404.
      await withdrawJoinRequest(app.database.db, {
        userId: request.currentUser.id,
        groupId: request.params.groupId,
        participantId: request.params.participantId,
      });
      changed(request.params.groupId);
      return { success: true as const, message: 'Request withdrawn', data: null };
    },
  );

  app.get(
    '/group/:groupId',
    {
      schema: {
        tags,
        security,
        summary: 'One competition',
        params: c.getGroup.params,
        response: { 200: c.getGroup.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getGroup(app.database.db, request.params.groupId),
    }),
  );

  // Administration: competitions and approvals.
  const adminOnly = { onRequest: app.requireAdmin };
  app.get(
    '/admin/groups',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        security,
        summary: 'All competitions with the number of join requests waiting in each',
        response: { 200: admin.listGroups.response },
      },
    },
    async () => ({ success: true as const, data: await listAdminGroups(app.database.db) }),
  );
  app.post(
    '/admin/groups',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Create a competition',
        body: admin.createGroup.body,
        response: { 201: admin.createGroup.response },
      },
    },
    async (request, reply) => {
      const created = await createGroup(app.database.db, request.body);
      changed(created.id);
      await app.tradingEngine.announceGroupChange(created.id);
      return reply
        .code(201)
        .send({ success: true as const, data: await getGroup(app.database.db, created.id) });
    },
  );
  app.put(
    '/admin/groups/:groupId',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Edit a competition',
        params: admin.updateGroup.params,
        body: admin.updateGroup.body,
        response: { 200: admin.updateGroup.response },
      },
    },
    async (request) => {
      await updateGroup(app.database.db, request.params.groupId, request.body);
      changed(request.params.groupId);
      await app.tradingEngine.announceGroupChange(request.params.groupId);
      return { success: true as const, data: await getGroup(app.database.db, request.params.groupId) };
    },
  );
  app.get(
    '/admin/groups/:groupId/participants',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Requests and members of a competition',
        params: admin.listParticipants.params,
        response: { 200: admin.listParticipants.response },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listGroupParticipants(app.database.db, request.params.groupId),
    }),
  );
  app.post(
    '/admin/groups/:groupId/participants/:participantId/:decision',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Approve or reject a join request (the user is notified)',
        params: admin.decideParticipant.params,
        response: { 200: admin.decideParticipant.response },
      },
    },
    async (request) => {
      const decided = await decideParticipant(app.database.db, app.eventBus, app.tradingEngine, {
        groupId: request.params.groupId,
        participantId: request.params.participantId,
        decision: request.params.decision === 'approve' ? 'approved' : 'rejected',
        adminId: request.currentUser.id,
      }).finally(() => changed(request.params.groupId));
      // Every process re-checks the member's open streams now: a removed member's stream ends.
      await app.forgetUser(decided.userId);
      return { success: true as const, data: { _id: decided._id, status: decided.status } };
    },
  );
};
