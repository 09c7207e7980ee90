import { PageHeader } from '@/components/page-header/page-header';

export default function ConnectBrokerPage() {
  return (
    <PageHeader
      title="Connect Broker"
      description="Link a broker account (paper, Alpaca or Dhan) so your fills arrive in the journal as verified trades."
    />
  );
}
