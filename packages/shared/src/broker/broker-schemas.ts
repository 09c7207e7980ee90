import { z } from 'zod';

/** The brokers Candlewise can import fills from (DESIGN §12). */
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

export type BrokerDescription = {
  id: BrokerId;
  name: string;
  description: string;
  fields: BrokerField[];
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
