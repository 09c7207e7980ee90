import { z } from '../api/zod-messages.ts';

/** The brokers Candlewise can import fills from (docs/architecture.md §Broker connection). */
export const brokerIds = ['paper', 'alpaca', 'dhan'] as const;
export type BrokerId = (typeof brokerIds)[number];

/** One input of a broker's connect form, described by the server so the form is built from it. */
export const brokerFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'secret', 'choice']),
  /** A sentence telling the learner where to find the value. */
  help: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  placeholder: z.string().optional(),
});
export type BrokerField = z.output<typeof brokerFieldSchema>;

/**
 * A second way to connect, where the learner signs in on the broker's own page (Dhan's "API key &
 * secret" consent): the form asks for these fields, the broker's login page opens, and the broker
 * sends the learner back to /connectbroker to finish.
 */
export const brokerSignInSchema = z.object({
  /** The choice's label, e.g. "API key & secret". */
  label: z.string(),
  /** What happens, in a sentence or two (where to create the key, what to set as its redirect URL). */
  description: z.string(),
  fields: z.array(brokerFieldSchema),
});
export type BrokerSignIn = z.output<typeof brokerSignInSchema>;

export const brokerDescriptionSchema = z.object({
  id: z.enum(brokerIds),
  name: z.string(),
  description: z.string(),
  fields: z.array(brokerFieldSchema),
  /** Present when the broker also offers signing in on its own page instead of pasting a token. */
  signIn: brokerSignInSchema.optional(),
});
export type BrokerDescription = z.output<typeof brokerDescriptionSchema>;

/** What a connected account looks like, as the broker reports it (never the credentials). */
export const brokerAccountSummarySchema = z.object({
  /** The broker's account number or a label such as "2 competition accounts". */
  accountLabel: z.string(),
  currency: z.string(),
  cash: z.number(),
  equity: z.number(),
  /** Extra lines the broker reports, e.g. each competition account. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type BrokerAccountSummary = z.output<typeof brokerAccountSummarySchema>;

export type BrokerConnectionStatus = 'connected' | 'needs_reconnect';
export type BrokerSyncResult = 'ok' | 'failed';
/** How the saved credentials were obtained: typed into the form, or by signing in on the broker's page. */
export const brokerAuthMethods = ['form', 'consent'] as const;
export type BrokerAuthMethod = (typeof brokerAuthMethods)[number];

/** A connection as the API sends it: the schema lists every field, so credentials cannot leave by accident. */
export const brokerConnectionViewSchema = z.object({
  _id: z.string(),
  broker: z.enum(brokerIds),
  brokerName: z.string(),
  status: z.enum(['connected', 'needs_reconnect']),
  summary: brokerAccountSummarySchema.nullable(),
  lastSyncAt: z.string().nullable(),
  lastSyncResult: z.enum(['ok', 'failed']).nullable(),
  lastSyncImported: z.number().nullable(),
  lastError: z.string().nullable(),
  /**
   * When the broker's access token stops working (Dhan's last 24 hours), ISO 8601; null when the
   * broker's credentials do not expire or it did not say.
   */
  tokenExpiresAt: z.string().nullable(),
  /** 'consent': the learner can renew access by signing in on the broker's page again. */
  authMethod: z.enum(brokerAuthMethods),
  createdAt: z.string(),
});
export type BrokerConnectionView = z.output<typeof brokerConnectionViewSchema>;

export const brokerSyncOutcomeSchema = z.object({
  /** Fills the broker returned in this sync (some may have been seen before). */
  fetched: z.number(),
  /** Journal trades that were new. */
  imported: z.number(),
  connection: brokerConnectionViewSchema,
});
export type BrokerSyncOutcome = z.output<typeof brokerSyncOutcomeSchema>;

/** The connect form's body: which broker and the values of its fields (validated per broker). */
export const connectBrokerInputSchema = z.object({
  broker: z.enum(brokerIds, { message: 'Choose one of the listed brokers.' }),
  fields: z.record(z.string().max(64), z.string().trim().max(512)).default({}),
});
export type ConnectBrokerInput = z.input<typeof connectBrokerInputSchema>;

/** Start signing in on the broker's page: the broker and the values of its sign-in fields. */
export const startBrokerSignInInputSchema = z.object({
  broker: z.enum(brokerIds, { message: 'Choose one of the listed brokers.' }),
  fields: z.record(z.string().max(64), z.string().trim().max(512)).default({}),
});
export type StartBrokerSignInInput = z.input<typeof startBrokerSignInInputSchema>;

/** Where to send the learner's browser to sign in on the broker's page. */
export const brokerSignInStartSchema = z.object({
  /** The broker's login page for this sign-in. */
  signInUrl: z.string(),
  /** How long the sign-in waits for the learner to come back, in minutes. */
  expiresInMinutes: z.number(),
});
export type BrokerSignInStart = z.output<typeof brokerSignInStartSchema>;

/** Finish signing in: the token the broker put on the address it sent the learner back to. */
export const completeBrokerSignInInputSchema = z.object({
  tokenId: z
    .string({ message: 'The broker did not send a sign-in token back. Start the sign-in again.' })
    .trim()
    .min(1, 'The broker did not send a sign-in token back. Start the sign-in again.')
    .max(512, 'That sign-in token is too long to be one the broker sent. Start the sign-in again.'),
});
export type CompleteBrokerSignInInput = z.input<typeof completeBrokerSignInInputSchema>;
