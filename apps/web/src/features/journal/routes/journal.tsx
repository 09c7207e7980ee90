import { type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PageSpinner } from '@/components/page-spinner/page-spinner';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainTabs } from '@/components/plain/plain-tabs';
import { DayPanel } from '../components/day-panel';
import { JournalCalendar } from '../components/journal-calendar';
import { JournalHeader } from '../components/journal-header';
import { todayDate, useJournalTimeZone } from '../lib/journal-time';
import './journal.css';

// The calendar is what most visits need, and it is plain markup (ADR 021): /journal paints before
// antd's script arrives. The other tabs are antd's; each loads, with antd, when first opened (or
// pointed at).
const TradesTable = lazyAntd(() => import('../components/trades-table').then((module) => module.TradesTable));
const ImportWizard = lazyAntd(() =>
  import('../components/import-wizard').then((module) => module.ImportWizard),
);
const OpenPositions = lazyAntd(() =>
  import('../components/open-positions').then((module) => module.OpenPositions),
);
const StatisticsDashboard = lazyAntd(() =>
  import('../components/statistics-dashboard').then((module) => module.StatisticsDashboard),
);
const RuleAuditPanel = lazyAntd(() =>
  import('../components/rule-audit').then((module) => module.RuleAuditPanel),
);
const PlaybooksPanel = lazyAntd(() =>
  import('../components/playbooks-panel').then((module) => module.PlaybooksPanel),
);
const PracticeSessionsPanel = lazyAntd(() =>
  import('../components/practice-sessions-panel').then((module) => module.PracticeSessionsPanel),
);
/** A later tab: a spinner while its code loads, and a message in the tab if it cannot. */
const later = (what: string, node: ReactNode) => (
  <PartBoundary what={what}>
    <Suspense fallback={<PageSpinner />}>{node}</Suspense>
  </PartBoundary>
);
/** Starts fetching a tab's code; a failure shows when the tab is opened. */
const preload = (part: { preload: () => Promise<unknown> }) => () => {
  part.preload().catch(() => undefined);
};

const tabs = [
  'calendar',
  'trades',
  'positions',
  'import',
  'statistics',
  'playbooks',
  'rule-audit',
  'practice',
] as const;
type JournalTab = (typeof tabs)[number];

/**
 * /journal: the month calendar and the day's entry, the trades table, the open positions, the import
 * wizard, the statistics, the playbooks and their report, the rule audit and the practice replays (apart from real trades). Days
 * are the learner's, in their profile time zone.
 */
export default function JournalPage() {
  const [params, setParams] = useSearchParams();
  const today = todayDate(useJournalTimeZone());
  const active: JournalTab = tabs.includes(params.get('tab') as JournalTab)
    ? (params.get('tab') as JournalTab)
    : 'calendar';
  const [selected, setSelected] = useState<string>(() => params.get('date') ?? today);
  const [month, setMonth] = useState<string>(() => selected.slice(0, 7));
  const show = (tab: JournalTab, extra: Record<string, string> = {}) =>
    setParams({ tab, ...extra }, { replace: true });

  const openDay = (date: string) => {
    setSelected(date);
    setMonth(date.slice(0, 7));
    show('calendar', { date });
  };

  return (
    <>
      <JournalHeader onWriteToday={() => openDay(today)} />
      <PlainTabs
        activeKey={active}
        onChange={(key) => show(key as JournalTab)}
        items={[
          {
            key: 'calendar',
            label: 'Calendar',
            children: (
              <div className="cw-journal-layout">
                <JournalCalendar
                  month={month}
                  onMonthChange={setMonth}
                  selected={selected}
                  onSelect={openDay}
                  today={today}
                />
                <DayPanel key={selected} date={selected} />
              </div>
            ),
          },
          {
            key: 'trades',
            label: 'Trades',
            children: later('trades table', <TradesTable />),
            preload: preload(TradesTable),
          },
          {
            key: 'positions',
            label: 'Open positions',
            children: later('open positions', <OpenPositions />),
            preload: preload(OpenPositions),
          },
          {
            key: 'import',
            label: 'Import',
            children: later('import wizard', <ImportWizard />),
            preload: preload(ImportWizard),
          },
          {
            key: 'statistics',
            label: 'Statistics',
            children: later('statistics', <StatisticsDashboard />),
            preload: preload(StatisticsDashboard),
          },
          {
            key: 'playbooks',
            label: 'Playbooks',
            children: later('playbooks', <PlaybooksPanel />),
            preload: preload(PlaybooksPanel),
          },
          {
            key: 'rule-audit',
            label: 'Rule audit',
            children: later('rule audit', <RuleAuditPanel />),
            preload: preload(RuleAuditPanel),
          },
          {
            key: 'practice',
            label: 'Practice',
            children: later('practice sessions', <PracticeSessionsPanel />),
            preload: preload(PracticeSessionsPanel),
          },
        ]}
      />
    </>
  );
}
