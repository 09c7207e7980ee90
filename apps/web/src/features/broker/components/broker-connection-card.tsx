import type { BrokerConnectionView, BrokerSyncOutcome } from '@candlewise/shared/broker/broker-schemas';
import { Alert, Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useRenewBrokerAccess } from '../api/broker-sign-in';
import { useDisconnectBrokerConnection } from '../api/disconnect-broker-connection';
import { useSyncBrokerConnection } from '../api/sync-broker-connection';
import { describeTokenExpiry } from '../lib/format-expiry';
import { leaveFor } from '../lib/leave-for';
import { formatMoney } from './format-money';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function lastSyncLine(connection: BrokerConnectionView): string {
  if (!connection.lastSyncAt) return 'Not synced yet';
  const when = dateTime.format(new Date(connection.lastSyncAt));
  if (connection.lastSyncResult === 'failed') return `${when} · failed`;
  const count = connection.lastSyncImported ?? 0;
  return `${when} · ${count === 0 ? 'no new trades' : `${count} new trade${count === 1 ? '' : 's'}`}`;
}

/**
 * One connected account: its summary, the last sync, when its access token expires, Sync now,
 * Renew access (connections made by signing in on the broker's page) and Disconnect.
 */
export function BrokerConnectionCard({
  connection,
  onReconnect,
}: {
  connection: BrokerConnectionView;
  onReconnect: (connection: BrokerConnectionView) => void;
}) {
  const sync = useSyncBrokerConnection();
  const disconnect = useDisconnectBrokerConnection();
  const renew = useRenewBrokerAccess();
  const [outcome, setOutcome] = useState<BrokerSyncOutcome | null>(null);
  const { summary } = connection;
  const titleId = `cw-broker-${connection._id}`;
  const expiry = connection.tokenExpiresAt ? describeTokenExpiry(connection.tokenExpiresAt) : null;
  const canRenew = connection.authMethod === 'consent';
  // A token past its expiry stops syncs even before the next sync marks the connection.
  const mustReconnect = connection.status === 'needs_reconnect' || Boolean(expiry?.expired);

  const syncNow = () => {
    setOutcome(null);
    sync.mutate(connection._id, { onSuccess: setOutcome });
  };

  const renewAccess = () => {
    renew.mutate(connection._id, { onSuccess: ({ signInUrl }) => leaveFor(signInUrl) });
  };

  const reconnectAction = canRenew ? (
    <Button onClick={renewAccess} loading={renew.isPending}>
      Renew access
    </Button>
  ) : (
    <Button onClick={() => onReconnect(connection)}>Reconnect</Button>
  );

  return (
    <article className="cw-broker-card" aria-labelledby={titleId} data-status={connection.status}>
      <header className="cw-broker-card__top">
        <h3 id={titleId} className="cw-broker-card__name">
          {connection.brokerName}
        </h3>
        {mustReconnect ? <Tag color="orange">Needs reconnection</Tag> : <Tag color="green">Connected</Tag>}
      </header>

      {summary ? (
        <dl className="cw-broker-card__facts">
          <div>
            <dt>Account</dt>
            <dd>{summary.accountLabel}</dd>
          </div>
          <div>
            <dt>Cash</dt>
            <dd>{formatMoney(summary.cash, summary.currency)}</dd>
          </div>
          <div>
            <dt>Equity</dt>
            <dd>{formatMoney(summary.equity, summary.currency)}</dd>
          </div>
          {summary.details.map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
          <div>
            <dt>Last sync</dt>
            <dd>{lastSyncLine(connection)}</dd>
          </div>
        </dl>
      ) : null}

      {expiry ? (
        <p className="cw-broker-card__expiry" data-expired={expiry.expired}>
          {expiry.text}
        </p>
      ) : null}

      {mustReconnect ? (
        <Alert
          type="warning"
          showIcon
          title={canRenew ? 'Renew access to keep importing trades' : 'Reconnect to keep importing trades'}
          description={
            connection.status === 'needs_reconnect'
              ? (connection.lastError ?? 'The broker no longer accepts the saved credentials.')
              : canRenew
                ? 'The access token has expired. Renew access and sign in on the broker’s page.'
                : 'The access token has expired. Generate a new one and connect again.'
          }
          action={reconnectAction}
        />
      ) : connection.lastSyncResult === 'failed' && connection.lastError && !sync.isError ? (
        <Alert type="error" showIcon title="The last sync failed" description={connection.lastError} />
      ) : null}

      {sync.isError ? (
        <Alert type="error" showIcon title="Sync failed" description={sync.error.message} />
      ) : null}
      {renew.isError ? (
        <Alert type="error" showIcon title="Could not renew access" description={renew.error.message} />
      ) : null}
      {outcome ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={
            outcome.imported === 0
              ? 'Sync finished: no new trades.'
              : `Imported ${outcome.imported} new trade${outcome.imported === 1 ? '' : 's'} into your journal.`
          }
          description={<Link to="/journal">Open the journal</Link>}
        />
      ) : null}

      <div className="cw-broker-card__actions">
        <Button type="primary" onClick={syncNow} loading={sync.isPending} disabled={mustReconnect}>
          Sync now
        </Button>
        {canRenew && !mustReconnect ? (
          <Button onClick={renewAccess} loading={renew.isPending}>
            Renew access
          </Button>
        ) : null}
        <Popconfirm
          title={`Disconnect ${connection.brokerName}?`}
          description="The saved credentials are deleted. Trades already imported stay in your journal."
          okText="Disconnect"
          okButtonProps={{ danger: true, loading: disconnect.isPending }}
          cancelText="Keep"
          onConfirm={() =>
            disconnect.mutateAsync(connection._id).then(
              () => {
                toast.success(`${connection.brokerName} is disconnected.`);
              },
              (error: Error) => {
                toast.error(error.message);
              },
            )
          }
        >
          <Button danger>Disconnect</Button>
        </Popconfirm>
      </div>
    </article>
  );
}
