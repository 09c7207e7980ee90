import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { type Key, useState } from 'react';
import { type AdminGroup, useAdminGroups, waitingRequestsText } from '../api/get-admin-groups';
import type { Group } from '../api/get-groups';
import { useRuleSets } from '../api/get-rule-sets';
import { isPracticeRuleSet } from '../lib/challenge-text';
import {
  formatGroupDate,
  formatGroupDateTime,
  freezeDurationText,
  freezeThresholdText,
  phaseOf,
} from '../lib/group-date-text';
import { formatMoney } from '../lib/trading-format';
import { GroupFormModal } from './admin/group-form-modal';
import { GroupParticipantsTable } from './admin/group-participants-table';
import { PhaseTag } from './phase-tag';
import './admin-groups-panel.css';

/**
 * /admin → Groups and approvals (docs/architecture.md §Competitions, §Admin): every competition with its phase, dates and
 * joined count; create and edit; and per competition the join requests to approve or reject.
 */
export default function AdminGroupsPanel() {
  const groups = useAdminGroups();
  // A challenge group's rule is its rule set, named as GET /rule-sets names it.
  const ruleSets = useRuleSets();
  const waiting = groups.data?.reduce((sum, group) => sum + group.pendingRequests, 0);
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);

  const toggleRequests = (groupId: string) =>
    setExpanded((keys) =>
      keys.includes(groupId) ? keys.filter((key) => key !== groupId) : [...keys, groupId],
    );

  const columns: TableColumnsType<AdminGroup> = [
    {
      title: 'Group',
      key: 'group',
      render: (_, group) => (
        <div className="cw-admin-groups__group">
          <span className="cw-admin-groups__name">{group.name}</span>
          <span>
            <PhaseTag phase={phaseOf(group)} />
            {group.registrationOpen === false ? <Tag>Registration closed</Tag> : null}
          </span>
          {/* Narrow screens have no Dates column: the days go under the name. */}
          <span className="cw-admin-groups__muted cw-admin-groups__compact-dates">
            {formatGroupDate(group.startDate)} – {formatGroupDate(group.endDate)}
          </span>
        </div>
      ),
    },
    {
      title: 'Dates',
      key: 'dates',
      responsive: ['md'],
      render: (_, group) => (
        <div className="cw-admin-groups__dates">
          <span>{formatGroupDateTime(group.startDate)}</span>
          <span className="cw-admin-groups__muted">to {formatGroupDateTime(group.endDate)}</span>
        </div>
      ),
    },
    {
      title: 'Joined',
      dataIndex: 'participantsCount',
      align: 'right',
      render: (count: number) => count ?? 0,
    },
    {
      title: 'Rule',
      key: 'rule',
      responsive: ['lg'],
      render: (_, group) => (
        <div className="cw-admin-groups__dates">
          {isPracticeRuleSet(group.ruleSet) ? (
            <span>
              {freezeThresholdText(group.freezeThreshold)} freezes for{' '}
              {freezeDurationText(group.freezeDuration)}
            </span>
          ) : (
            <span>
              {ruleSets.data?.find((ruleSet) => ruleSet.ref === group.ruleSet)?.name ?? group.ruleSet}
            </span>
          )}
          {typeof group.startingBalance === 'number' ? (
            <span className="cw-admin-groups__muted">
              {formatMoney(group.startingBalance, group.currency, { fractionDigits: 0 })} to start
            </span>
          ) : null}
        </div>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, group) => (
        <Space size="small" wrap>
          <Button size="small" icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing(group)}>
            Edit
          </Button>
          <Button
            size="small"
            type={expanded.includes(group._id) ? 'primary' : 'default'}
            aria-expanded={expanded.includes(group._id)}
            onClick={() => toggleRequests(group._id)}
          >
            Requests
          </Button>
          {group.pendingRequests > 0 ? (
            <Tag color="orange" className="cw-admin-groups__waiting">
              {group.pendingRequests} waiting
            </Tag>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <section className="cw-admin-groups" aria-labelledby="cw-admin-groups-heading">
      <div className="cw-admin-groups__intro">
        <div>
          <h2 id="cw-admin-groups-heading" className="cw-admin-groups__heading">
            Competitions and approvals
          </h2>
          <p className="cw-admin-groups__description">
            Create and edit competitions, and approve or reject join requests. Each member hears about your
            decision at once.
          </p>
          {waiting === undefined ? null : (
            <p className="cw-admin-groups__waiting-total" role="status">
              {waitingRequestsText(waiting)}
            </p>
          )}
        </div>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')}>
          New group
        </Button>
      </div>

      {groups.isError ? (
        <Alert
          type="error"
          showIcon
          className="cw-admin-groups__alert"
          title="The groups could not be loaded."
          action={
            <Button size="small" onClick={() => void groups.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <Table<AdminGroup>
          className="cw-admin-groups__table"
          rowKey="_id"
          columns={columns}
          dataSource={groups.data}
          loading={groups.isPending}
          pagination={false}
          locale={{ emptyText: 'No groups yet. Create the first one.' }}
          expandable={{
            showExpandColumn: false,
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys) => setExpanded([...keys]),
            expandedRowRender: (group) => <GroupParticipantsTable group={group} />,
          }}
        />
      )}

      {editing ? (
        <GroupFormModal group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
