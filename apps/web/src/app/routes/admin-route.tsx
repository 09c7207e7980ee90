import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AppTabs } from '@/components/app-tabs/app-tabs';
import { PageHeader } from '@/components/page-header/page-header';
import { PageSpinner } from '@/components/page-spinner/page-spinner';
import { RequireRole } from '@/features/auth/components/require-role';

// Each feature owns its admin panel; this page only arranges them (features do not import each other).
const panels: Array<{ key: string; label: string; render: () => ReactNode }> = [
  { key: 'users', label: 'Users', render: () => <AdminUsersPanel /> },
  { key: 'courses', label: 'Courses', render: () => <AdminCoursesPanel /> },
  { key: 'learning-links', label: 'Mistakes → lessons', render: () => <AdminLearningLinksPanel /> },
  { key: 'groups', label: 'Groups and approvals', render: () => <AdminGroupsPanel /> },
  { key: 'live', label: 'Live competitions', render: () => <AdminLiveMonitorPanel /> },
  { key: 'markets', label: 'Markets', render: () => <AdminMarketsPanel /> },
  { key: 'journal', label: 'Journal questions', render: () => <AdminJournalQuestionsPanel /> },
  { key: 'broadcast', label: 'Broadcast', render: () => <AdminBroadcastPanel /> },
  { key: 'messages', label: 'Contact messages', render: () => <AdminContactMessagesPanel /> },
  { key: 'news', label: 'News', render: () => <AdminNewsPanel /> },
];

const AdminUsersPanel = lazy(() => import('@/features/users/components/admin-users-panel'));
const AdminCoursesPanel = lazy(() => import('@/features/courses/components/admin-courses-panel'));
const AdminLearningLinksPanel = lazy(
  () => import('@/features/courses/components/admin/admin-learning-links-panel'),
);
const AdminGroupsPanel = lazy(() => import('@/features/groups/components/admin-groups-panel'));
const AdminLiveMonitorPanel = lazy(() => import('@/features/groups/components/admin-live-monitor-panel'));
const AdminMarketsPanel = lazy(() => import('@/features/markets/components/admin-markets-panel'));
const AdminJournalQuestionsPanel = lazy(
  () => import('@/features/journal/components/admin-journal-questions-panel'),
);
const AdminBroadcastPanel = lazy(() => import('@/features/notifications/components/admin-broadcast-panel'));
const AdminContactMessagesPanel = lazy(
  () => import('@/features/contact/components/admin-contact-messages-panel'),
);
const AdminNewsPanel = lazy(() => import('@/features/news/components/admin-news-panel'));

/** /admin: role 'admin' only (docs/architecture.md §Admin); everyone else reads why inside the frame. */
export default function AdminRoute() {
  const [params, setParams] = useSearchParams();
  const active = panels.some((panel) => panel.key === params.get('tab')) ? params.get('tab')! : panels[0].key;
  return (
    <RequireRole requiredRole="admin">
      <PageHeader
        title="Admin"
        description="Run Candlewise: users, courses, competitions and approvals, markets, broadcasts, messages and news."
      />
      <AppTabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={panels.map((panel) => ({
          key: panel.key,
          label: panel.label,
          children: <Suspense fallback={<PageSpinner />}>{panel.render()}</Suspense>,
        }))}
      />
    </RequireRole>
  );
}
