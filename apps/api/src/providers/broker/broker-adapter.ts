import type { DbExecutor } from '@candlewise/db';
import type { BrokerAccountSummary, BrokerDescription, BrokerId } from '@candlewise/shared';
import { AppError } from '../../lib/app-error.ts';

/** The values of a broker's form fields, decrypted only for the length of one call. */
export type BrokerCredentials = Record<string, string>;

/** Where an adapter reports what it skipped (never credentials): the request's or the job's log. */
export type BrokerLog = { warn(details: Record<string, unknown>, message: string): void };

/** Who is asking: the paper broker reads the user's own competition accounts. */
export type BrokerContext = { userId: string; db: DbExecutor; log?: BrokerLog };

/**
 * Signing in on the broker's own page (Dhan's API key & secret consent): `start` registers a sign-in
 * with the broker and answers the page to send the learner to; the broker sends the learner back
 * with a token, which `complete` exchanges for the credentials to store.
 */
export interface BrokerSignInFlow {
  start(values: BrokerCredentials): Promise<{ consentId: string; signInUrl: string }>;
  complete(
    values: BrokerCredentials,
    tokenId: string,
  ): Promise<{ credentials: BrokerCredentials; expiresAt: Date | null }>;
}

/** One execution at the broker, in the journal's terms. */
export type BrokerFill = {
  /** Unique at the broker (with the connection: the idempotency key). */
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  fee: number;
  time: Date;
  /** Fills of different accounts never pair (the paper broker: one account per competition). */
  account?: string;
  /** Contract size of the symbol (1 for shares). */
  multiplier?: number;
  /** ISO 4217 code of the price and fee (the broker's account currency when it states none). */
  currency: string;
  /** What was traded: decides whether a sale without a known purchase can be a short. */
  assetClass: 'stock' | 'future' | 'option' | 'forex' | 'crypto' | 'index';
  /** The broker says this sale opens a short (Alpaca sell_short, a Dhan intraday product). */
  shortSale?: boolean;
  /** The IANA zone of the exchange's trading day (the same-day short rule). */
  marketZone?: string | null;
};

/**
 * What every broker implements (docs/architecture.md §Broker connection). Adapters are stateless: credentials come in with each
 * call and are never kept, logged or put into an error message.
 */
export interface BrokerAdapter {
  readonly id: BrokerId;
  describe(): BrokerDescription;
  /** Validates the credentials against the broker; returns the account so the page can show it. */
  connect(credentials: BrokerCredentials, context: BrokerContext): Promise<BrokerAccountSummary>;
  accountSummary(credentials: BrokerCredentials, context: BrokerContext): Promise<BrokerAccountSummary>;
  /**
   * Every fill executed since `since` (all pages), oldest first; null: as far back as the broker
   * allows. A broker that reports charges after the fill (Alpaca's FEE/CFEE) may also return older
   * fills again, with the charges reported since added to their fee.
   */
  fillsSince(
    credentials: BrokerCredentials,
    since: Date | null,
    context: BrokerContext,
  ): Promise<BrokerFill[]>;
  /**
   * When the saved access token stops working, as the broker says (Dhan's tokens last 24 hours);
   * null when it does not say. Absent for brokers whose credentials do not expire.
   */
  tokenExpiry?(credentials: BrokerCredentials, context: BrokerContext): Promise<Date | null>;
  /** Present when the broker offers signing in on its own page (described in `describe().signIn`). */
  readonly signIn?: BrokerSignInFlow;
  /** Ends the link at the broker where it has such a thing; the stored credentials are deleted anyway. */
  disconnect(credentials: BrokerCredentials, context: BrokerContext): Promise<void>;
  /**
   * Where the journal files the trades: 'paper' for the built-in competition accounts (whose fills
   * the engine keeps forever, so they are re-read whole), 'broker' for outside brokers.
   */
  readonly journalSource: 'paper' | 'broker';
}

export type BrokerAdapters = Record<BrokerId, BrokerAdapter>;

/** The broker refused the credentials (bad, expired or revoked): the learner must reconnect. */
export class BrokerAuthError extends AppError {
  constructor(message: string) {
    super(400, 'BAD_REQUEST', message);
    this.name = 'BrokerAuthError';
  }
}

/** The saved access token is past the expiry the broker gave: the learner must reconnect. */
export class BrokerTokenExpiredError extends BrokerAuthError {
  constructor(message: string) {
    super(message);
    this.name = 'BrokerTokenExpiredError';
  }
}

/** The broker could not be reached, kept limiting us, or failed: try again later. */
export class BrokerUnavailableError extends AppError {
  constructor(message: string) {
    super(503, 'SERVICE_UNAVAILABLE', message);
    this.name = 'BrokerUnavailableError';
  }
}

/** The broker refused the request for another reason it explained (its sentence is passed on). */
export class BrokerRequestError extends AppError {
  constructor(message: string) {
    super(400, 'BAD_REQUEST', message);
    this.name = 'BrokerRequestError';
  }
}

/** A form value the learner left out or typed wrongly: 400 naming the field. */
export function requireField(credentials: BrokerCredentials, name: string, label: string): string {
  const value = credentials[name]?.trim();
  if (!value) {
    throw new AppError(400, 'VALIDATION_FAILED', `Enter your ${label}.`, [
      { path: `fields.${name}`, message: `Enter your ${label}.` },
    ]);
  }
  return value;
}
