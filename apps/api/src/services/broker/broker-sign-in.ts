import { brokerSignIns, type UserRow } from '@candlewise/db';
import type { BrokerId, BrokerSignInStart, StartBrokerSignInInput } from '@candlewise/shared';
import { eq } from 'drizzle-orm';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { BrokerCredentials } from '../../providers/broker/broker-adapter.ts';
import { assertCanSyncBroker } from './assert-can-sync-broker.ts';
import { type BrokerConnectionRow, findMyConnection } from './broker-connection-view.ts';
import { type BrokerDeps, credentialBinding, signInBinding } from './broker-deps.ts';
import { saveBrokerConnection } from './connect-broker.ts';
import { CredentialsUnreadableError, decryptCredentials, encryptCredentials } from './credential-cipher.ts';

/** How long a sign-in waits for the learner to come back from the broker's page. */
export const SIGN_IN_WAIT_MINUTES = 30;

const NOTHING_WAITING =
  'No broker sign-in is waiting for you: it finished already, or was started more than 30 minutes ago. Start it again on the Connect Broker page.';

/** The broker's sign-in flow and the fields it asks for, or a 400 saying to use the form. */
function signInOf(deps: BrokerDeps, broker: BrokerId) {
  const adapter = deps.adapters[broker];
  const described = adapter.describe().signIn;
  if (!adapter.signIn || !described) {
    throw new AppError(
      400,
      'BAD_REQUEST',
      `${adapter.describe().name} does not offer signing in on its own page. Fill in its connect form instead.`,
    );
  }
  return { adapter, flow: adapter.signIn, fields: described.fields };
}

/** Registers the sign-in with the broker and keeps the app's key and secret, encrypted, until it ends. */
async function begin(
  deps: BrokerDeps,
  userId: string,
  broker: BrokerId,
  values: BrokerCredentials,
): Promise<BrokerSignInStart> {
  const { flow } = signInOf(deps, broker);
  const { consentId, signInUrl } = await flow.start(values);
  const credentials = encryptCredentials(deps.appSecret, signInBinding(userId, broker), values);
  const now = new Date();
  await deps.db
    .insert(brokerSignIns)
    .values({ userId, broker, credentials, consentId, createdAt: now })
    .onConflictDoUpdate({
      target: brokerSignIns.userId,
      set: { broker, credentials, consentId, createdAt: now },
    });
  return { signInUrl, expiresInMinutes: SIGN_IN_WAIT_MINUTES };
}

/** Only the fields the broker's sign-in describes are kept (trimmed); a missing one is a 400 naming it. */
function pick(fields: Array<{ name: string }>, from: Record<string, string | undefined>): BrokerCredentials {
  const values: BrokerCredentials = {};
  for (const field of fields) {
    const value = from[field.name]?.trim();
    if (value) values[field.name] = value;
  }
  return values;
}

/**
 * Starts signing in on the broker's page (Pro): the broker checks the app's key and secret and
 * answers a login page to send the learner to. Starting again replaces a sign-in under way.
 */
export async function startBrokerSignIn(
  deps: BrokerDeps,
  user: UserRow,
  input: { broker: StartBrokerSignInInput['broker']; fields: Record<string, string> },
): Promise<BrokerSignInStart> {
  assertCanSyncBroker(user);
  const { fields } = signInOf(deps, input.broker);
  return begin(deps, user.id, input.broker, pick(fields, input.fields));
}

/**
 * Renew access (Pro): a connection made by signing in starts a new sign-in with the key and secret
 * it keeps, so the learner only signs in on the broker's page again.
 */
export async function renewBrokerAccess(
  deps: BrokerDeps,
  user: UserRow,
  connectionId: string,
): Promise<BrokerSignInStart> {
  const connection = await findMyConnection(deps.db, user.id, connectionId);
  assertCanSyncBroker(user);
  const { adapter, fields } = signInOf(deps, connection.broker);
  if (connection.authMethod !== 'consent') {
    throw new AppError(
      400,
      'BAD_REQUEST',
      `This ${adapter.describe().name} connection was made with an access token, so there is nothing to renew here. Generate a new token and connect again, or connect with your API key and secret.`,
    );
  }
  let stored: BrokerCredentials;
  try {
    stored = decryptCredentials(
      deps.appSecret,
      credentialBinding(user.id, connection.broker),
      connection.credentials,
    );
  } catch (error) {
    if (!(error instanceof CredentialsUnreadableError)) throw error;
    throw conflict(
      `The saved ${adapter.describe().name} key can no longer be read. Connect again with your API key and secret.`,
    );
  }
  return begin(deps, user.id, connection.broker, pick(fields, stored));
}

/**
 * Finishes a sign-in (Pro) with the token the broker put on the address it sent the learner back to:
 * the broker exchanges it for an access token, which is checked like a typed one and saved
 * encrypted with the app's key and secret (to renew later). The waiting sign-in is taken once, so a
 * token replayed or sent twice finds nothing (409).
 */
export async function completeBrokerSignIn(
  deps: BrokerDeps,
  user: UserRow,
  tokenId: string,
): Promise<BrokerConnectionRow> {
  assertCanSyncBroker(user);
  const [waiting] = await deps.db.delete(brokerSignIns).where(eq(brokerSignIns.userId, user.id)).returning();
  if (!waiting || Date.now() - waiting.createdAt.getTime() > SIGN_IN_WAIT_MINUTES * 60_000) {
    throw conflict(NOTHING_WAITING);
  }
  const { adapter, flow } = signInOf(deps, waiting.broker);
  let app: BrokerCredentials;
  try {
    app = decryptCredentials(deps.appSecret, signInBinding(user.id, waiting.broker), waiting.credentials);
  } catch (error) {
    if (!(error instanceof CredentialsUnreadableError)) throw error;
    throw conflict(NOTHING_WAITING);
  }
  const { credentials, expiresAt } = await flow.complete(app, tokenId);
  const context = { db: deps.db, userId: user.id, log: deps.log };
  const summary = await adapter.connect(credentials, context);
  // The broker's profile says it to the minute; the sign-in's own expiry when it will not.
  const tokenExpiresAt = (await adapter.tokenExpiry?.(credentials, context)) ?? expiresAt;
  return saveBrokerConnection(deps, user.id, waiting.broker, credentials, summary, {
    authMethod: 'consent',
    tokenExpiresAt,
  });
}
