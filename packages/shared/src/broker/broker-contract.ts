import { z } from 'zod';
import { apiSuccess, defineContract } from '../api/contract.ts';
import {
  brokerConnectionViewSchema,
  brokerDescriptionSchema,
  brokerSignInStartSchema,
  brokerSyncOutcomeSchema,
  completeBrokerSignInInputSchema,
  connectBrokerInputSchema,
  startBrokerSignInInputSchema,
} from './broker-schemas.ts';

/** Broker connections (ADR 023): connect, sign in on the broker's page, sync fills into the journal. */
const connectionParams = z.object({ connectionId: z.string().min(1).max(64) });

/** A journal trade a connection imported. */
export const brokerTradeSchema = z.object({
  _id: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  quantity: z.number(),
  entryPrice: z.number(),
  exitPrice: z.number().nullable(),
  entryTime: z.string(),
  exitTime: z.string().nullable(),
  fees: z.number(),
  pnl: z.number().nullable(),
  currency: z.string(),
  source: z.string(),
  verified: z.boolean(),
});

export const brokerContract = defineContract({
  listBrokers: {
    method: 'GET',
    path: '/broker/brokers',
    response: apiSuccess(z.array(brokerDescriptionSchema)),
  },
  listConnections: {
    method: 'GET',
    path: '/broker/connections',
    response: apiSuccess(z.array(brokerConnectionViewSchema)),
  },
  connect: {
    method: 'POST',
    path: '/broker/connections',
    body: connectBrokerInputSchema,
    status: 201,
    response: apiSuccess(brokerConnectionViewSchema),
  },
  startSignIn: {
    method: 'POST',
    path: '/broker/sign-in',
    body: startBrokerSignInInputSchema,
    response: apiSuccess(brokerSignInStartSchema),
  },
  completeSignIn: {
    method: 'POST',
    path: '/broker/sign-in/complete',
    body: completeBrokerSignInInputSchema,
    status: 201,
    response: apiSuccess(brokerConnectionViewSchema),
  },
  renewAccess: {
    method: 'POST',
    path: '/broker/connections/:connectionId/renew',
    params: connectionParams,
    response: apiSuccess(brokerSignInStartSchema),
  },
  sync: {
    method: 'POST',
    path: '/broker/connections/:connectionId/sync',
    params: connectionParams,
    response: apiSuccess(brokerSyncOutcomeSchema),
  },
  listTrades: {
    method: 'GET',
    path: '/broker/connections/:connectionId/trades',
    params: connectionParams,
    response: apiSuccess(z.array(brokerTradeSchema)),
  },
  disconnect: {
    method: 'DELETE',
    path: '/broker/connections/:connectionId',
    params: connectionParams,
    response: apiSuccess(z.object({ disconnected: z.literal(true) })),
  },
});
