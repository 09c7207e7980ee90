import { PageHeader } from '@/components/page-header/page-header';

export default function NewsPage() {
  return (
    <PageHeader
      title="News"
      description="Market news from curated sources, with the instruments each story mentions."
    />
  );
}
