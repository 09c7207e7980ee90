import { z } from '../api/zod-messages.ts';

/** The brokers Candlewise can import fills from (docs/architecture.md §Broker connection). */
export const brokerIds = ['paper', 'alpaca', 'dhan'] as const;
export type BrokerId = (typeof brokerIds)[number];

/** One input of a broker's connect form, described by the server so the form is built from it. */
export type BrokerField = {
  name: string;
  label: string;
  type: 'text' | 'secret' | 'choice';
  /** A sentence telling the learner where to find the value. */
  help: string;
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
};

/**
 * A second way to connect, where the learner signs in on the broker's own page (Dhan's "API key &
 * secret" consent): the form asks for these fields, the broker's login page opens, and the broker
 * sends the learner back to /connectbroker to finish.
 */
export type BrokerSignIn = {
  /** The choice's label, e.g. "API key & secret". */
  label: string;
  /** What happens, in a sentence or two (where to create the key, what to set as its redirect URL). */
  description: string;
  fields: BrokerField[];
};

export type BrokerDescription = {
  id: BrokerId;
  name: string;
  description: string;
  fields: BrokerField[];
  /** Present when the broker also offers signing in on its own page instead of pasting a token. */
  signIn?: BrokerSignIn;
};

/** What a connected account looks like, as the broker reports it (never the credentials). */
export type BrokerAccountSummary = {
  /** The broker's account number or a label such as "2 competition accounts". */
  accountLabel: string;
  currency: string;
  cash: number;
  equity: number;
  /** Extra lines the broker reports, e.g. each competition account. */
  details: Array<{ label: string; value: string }>;
};

export type BrokerConnectionStatus = 'connected' | 'needs_reconnect';
export type BrokerSyncResult = 'ok' | 'failed';
/** How the saved credentials were obtained: typed into the form, or by signing in on the broker's page. */
export const brokerAuthMethods = ['form', 'consent'] as const;
export type BrokerAuthMethod = (typeof brokerAuthMethods)[number];

export type BrokerConnectionView = {
  _id: string;
  broker: BrokerId;
  brokerName: string;
  status: BrokerConnectionStatus;
  summary: BrokerAccountSummary | null;
  lastSyncAt: string | null;
  lastSyncResult: BrokerSyncResult | null;
  lastSyncImported: number | null;
  lastError: string | null;
  /**
   * When the broker's access token stops working (Dhan's last 24 hours), ISO 8601; null when the
   * broker's credentials do not expire or it did not say.
   */
  tokenExpiresAt: string | null;
  /** 'consent': the learner can renew access by signing in on the broker's page again. */
  authMethod: BrokerAuthMethod;
  createdAt: string;
};

export type BrokerSyncOutcome = {
  /** Fills the broker returned in this sync (some may have been seen before). */
  fetched: number;
  /** Journal trades that were new. */
  imported: number;
  connection: BrokerConnectionView;
};

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
export type BrokerSignInStart = {
  /** The broker's login page for this sign-in. */
  signInUrl: string;
  /** How long the sign-in waits for the learner to come back, in minutes. */
  expiresInMinutes: number;
};

/** Finish signing in: the token the broker put on the address it sent the learner back to. */
export const completeBrokerSignInInputSchema = z.object({
  tokenId: z
    .string({ message: 'The broker did not send a sign-in token back. Start the sign-in again.' })
    .trim()
    .min(1, 'The broker did not send a sign-in token back. Start the sign-in again.')
    .max(512, 'That sign-in token is too long to be one the broker sent. Start the sign-in again.'),
});
export type CompleteBrokerSignInInput = z.input<typeof completeBrokerSignInInputSchema>;
