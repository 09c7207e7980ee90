import { canSyncBroker } from '@candlewise/shared/broker/broker-access';
import type { BrokerId } from '@candlewise/shared/broker/broker-schemas';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { useCurrentUser } from '@/lib/current-user';
import { useCompleteBrokerSignIn } from '../api/broker-sign-in';
import { useBrokerConnections } from '../api/get-broker-connections';
import { useBrokers } from '../api/get-brokers';
import { BrokerConnectForm } from '../components/broker-connect-form';
import { BrokerConnectionCard } from '../components/broker-connection-card';
import './connect-broker.css';

/**
 * Finishes a sign-in on the broker's page: the broker sends the learner back here with `tokenId` on
 * the address, which is handed to the API once and taken off the address.
 */
function useFinishSignIn() {
  const [params, setParams] = useSearchParams();
  const tokenId = params.get('tokenId');
  const complete = useCompleteBrokerSignIn();
  const handled = useRef<string | null>(null);
  const { mutate } = complete;

  useEffect(() => {
    if (!tokenId || handled.current === tokenId) return;
    handled.current = tokenId;
    mutate(tokenId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('tokenId');
        return next;
      },
      { replace: true },
    );
  }, [tokenId, mutate, setParams]);

  return complete;
}

/** /connectbroker: connected accounts with their last sync, Sync now and Disconnect; the connect form. */
export default function ConnectBrokerPage() {
  const user = useCurrentUser();
  const brokers = useBrokers();
  const connections = useBrokerConnections();
  const finishing = useFinishSignIn();
  const [reconnect, setReconnect] = useState<BrokerId | undefined>();
  const formRef = useRef<HTMLDivElement>(null);
  const pro = user ? canSyncBroker(user) : false;

  return (
    <div className="cw-broker">
      <PageHeader
        title="Connect Broker"
        description="Link a broker account (paper, Alpaca or Dhan) so your fills arrive in the journal as verified trades."
      />

      {!pro ? (
        <Alert
          className="cw-broker__pro"
          type="info"
          showIcon
          title="Broker sync is part of Pro"
          description={
            <>
              Upgrade to connect a broker and import your trades into the journal automatically.{' '}
              <Link to="/pricing">See Pro</Link>
            </>
          }
        />
      ) : null}

      {finishing.isPending ? (
        <Alert type="info" showIcon role="status" title="Finishing your sign-in…" />
      ) : finishing.isError ? (
        <Alert
          type="error"
          showIcon
          title="We could not finish the sign-in"
          description={finishing.error.message}
        />
      ) : finishing.isSuccess ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={`${finishing.data.brokerName} is connected.`}
          description="Trades are imported every 30 minutes and whenever you press Sync now."
        />
      ) : null}

      <section aria-labelledby="cw-broker-connected-title">
        <h2 id="cw-broker-connected-title" className="cw-broker-section-title">
          Your connections
        </h2>
        {connections.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : connections.isError ? (
          <Alert
            type="error"
            showIcon
            title="We could not load your connections."
            description={connections.error.message}
            action={<Button onClick={() => connections.refetch()}>Try again</Button>}
          />
        ) : connections.data.length === 0 ? (
          <p className="cw-broker__empty">
            No broker connected yet. Choose one below; trades are imported every 30 minutes and whenever you
            press Sync now.
          </p>
        ) : (
          <div className="cw-broker__list">
            {connections.data.map((connection) => (
              <BrokerConnectionCard
                key={connection._id}
                connection={connection}
                onReconnect={(target) => {
                  setReconnect(target.broker);
                  formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              />
            ))}
          </div>
        )}
      </section>

      <div ref={formRef}>
        {brokers.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        ) : brokers.isError ? (
          <Alert
            type="error"
            showIcon
            title="We could not load the list of brokers."
            description={brokers.error.message}
            action={<Button onClick={() => brokers.refetch()}>Try again</Button>}
          />
        ) : (
          <BrokerConnectForm
            brokers={brokers.data}
            connected={(connections.data ?? [])
              .filter((connection) => connection.status === 'connected')
              .map((connection) => connection.broker)}
            initialBroker={reconnect}
          />
        )}
      </div>
    </div>
  );
}
