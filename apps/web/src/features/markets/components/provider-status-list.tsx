import { Alert, Button, Card, Skeleton, Tag, Typography } from 'antd';
import { useMarketProviders } from '../api/get-market-providers';
import { formatQuoteAge } from '../lib/format-quote';
import { providerLabel } from '../lib/market-sources';

/**
 * Each live provider's connection as the engine's leader holds it: connected or not, how many
 * instruments it streams, its last quote and its last error.
 */
export function ProviderStatusList() {
  const providers = useMarketProviders();

  if (providers.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (providers.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="The providers' state could not be loaded."
        description={providers.error.message}
        action={
          <Button size="small" onClick={() => void providers.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const { role, providers: list } = providers.data;
  const now = providers.dataUpdatedAt;
  return (
    <div className="cw-admin-markets__providers-block">
      {role === 'follower' ? (
        <Alert
          type="info"
          showIcon
          title="This server is not running the market engine."
          description="Provider connections live on the engine's leader; what this server sees of them may be empty."
        />
      ) : null}
      {list.length === 0 ? (
        <p className="cw-admin-markets__muted">
          No live provider is configured on this server: every instrument takes the simulated market's prices.
        </p>
      ) : (
        <ul className="cw-admin-markets__providers" aria-label="Providers">
          {list.map((provider) => (
            <li key={provider.name}>
              <Card size="small" title={providerLabel(provider.name)} className="cw-admin-markets__provider">
                {/* A provider no instrument names, with nothing gone wrong, is idle rather than broken. */}
                {provider.connected ? (
                  <Tag color="success">Connected</Tag>
                ) : provider.subscribed === 0 && !provider.lastError ? (
                  <Tag>Not in use</Tag>
                ) : (
                  <Tag color="error">Not connected</Tag>
                )}
                <dl className="cw-admin-markets__facts">
                  <div>
                    <dt>Subscriptions</dt>
                    <dd>{provider.subscribed}</dd>
                  </div>
                  <div>
                    <dt>Last quote</dt>
                    <dd>
                      {provider.lastQuoteAt === null ? 'None yet' : formatQuoteAge(provider.lastQuoteAt, now)}
                    </dd>
                  </div>
                </dl>
                {provider.lastError ? (
                  <Typography.Paragraph type="danger" className="cw-admin-markets__error">
                    Last error: {provider.lastError}
                  </Typography.Paragraph>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
