import { ApiOutlined, EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { PageSpinner } from '@/components/page-spinner/page-spinner';
import { DayPanel } from '../components/day-panel';
import { JournalCalendar } from '../components/journal-calendar';
import { todayDate, useJournalTimeZone } from '../lib/journal-time';
import './journal.css';
import { AppTabs } from '@/components/app-tabs/app-tabs';

// The other tabs load when opened: the calendar is what most visits need.
const TradesTable = lazy(() =>
  import('../components/trades-table').then((module) => ({ default: module.TradesTable })),
);
const ImportWizard = lazy(() =>
  import('../components/import-wizard').then((module) => ({ default: module.ImportWizard })),
);
const OpenPositions = lazy(() =>
  import('../components/open-positions').then((module) => ({ default: module.OpenPositions })),
);
const StatisticsDashboard = lazy(() =>
  import('../components/statistics-dashboard').then((module) => ({ default: module.StatisticsDashboard })),
);
const later = (node: ReactNode) => <Suspense fallback={<PageSpinner />}>{node}</Suspense>;

const tabs = ['calendar', 'trades', 'positions', 'import', 'statistics'] as const;
type JournalTab = (typeof tabs)[number];

/**
 * /journal: the month calendar and the day's entry, the trades table, the open positions, the import
 * wizard and the statistics. Days are the learner's, in their profile time zone.
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
      <PageHeader
        title="Journal"
        description="Your trading diary: each day's reflections, emotions and linked trades, with statistics that show what is working and what is not."
      />
      <div className="cw-journal-actions">
        <Button type="primary" icon={<EditOutlined />} onClick={() => openDay(today)}>
          Write today's entry
        </Button>
        <Link to="/connectbroker" className="cw-journal-actions__link">
          <ApiOutlined aria-hidden="true" /> Connect a broker to import trades automatically
        </Link>
      </div>
      <AppTabs
        activeKey={active}
        onChange={(key) => show(key as JournalTab)}
        destroyOnHidden
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
          { key: 'trades', label: 'Trades', children: later(<TradesTable />) },
          { key: 'positions', label: 'Open positions', children: later(<OpenPositions />) },
          { key: 'import', label: 'Import', children: later(<ImportWizard />) },
          { key: 'statistics', label: 'Statistics', children: later(<StatisticsDashboard />) },
        ]}
      />
    </>
  );
}
