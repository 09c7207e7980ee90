import { PageHeader } from '@/components/page-header/page-header';

export default function JournalPage() {
  return (
    <PageHeader
      title="Journal"
      description="Your trading diary: each day's reflections, emotions and linked trades, with statistics that show what is working and what is not."
    />
  );
}
