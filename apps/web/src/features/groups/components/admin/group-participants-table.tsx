import { Alert, Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { toast } from 'react-toastify';
import { type ParticipantDecision, useDecideParticipant } from '../../api/decide-participant';
import { type GroupParticipant, useGroupParticipants } from '../../api/get-group-participants';
import type { ParticipantStatus } from '../../api/get-group-statuses';
import type { Group } from '../../api/get-groups';
import { formatGroupDateTime } from '../../lib/group-date-text';

const statusTags: Record<ParticipantStatus, { color: string; label: string }> = {
  pending: { color: 'gold', label: 'Pending' },
  approved: { color: 'green', label: 'Approved' },
  rejected: { color: 'red', label: 'Rejected' },
};

/**
 * A competition's join requests and members. Pending requests get Approve and Reject; the list is
 * fetched again after each decision (and the user is notified by the API).
 */
export function GroupParticipantsTable({ group }: { group: Group }) {
  const participants = useGroupParticipants(group._id);
  const decide = useDecideParticipant();

  async function handleDecision(participant: GroupParticipant, decision: ParticipantDecision) {
    try {
      await decide.mutateAsync({ groupId: group._id, participantId: participant._id, decision });
      toast.success(
        `${participant.name} ${decision === 'approve' ? 'approved' : 'rejected'} for ${group.name}.`,
      );
    } catch (error) {
      toast.error(
        error instanceof Error ? error.message : 'The decision could not be saved. Please try again.',
      );
    }
  }

  const deciding = (participant: GroupParticipant, decision?: ParticipantDecision) =>
    decide.isPending &&
    decide.variables?.participantId === participant._id &&
    (decision === undefined || decide.variables.decision === decision);

  const columns: TableColumnsType<GroupParticipant> = [
    {
      title: 'Member',
      key: 'member',
      render: (_, participant) => (
        <div className="cw-admin-groups__member">
          <span className="cw-admin-groups__member-name">{participant.name}</span>
          <span className="cw-admin-groups__muted">{participant.email}</span>
        </div>
      ),
    },
    {
      title: 'Requested',
      dataIndex: 'requestedAt',
      responsive: ['md'],
      render: (value: string) => formatGroupDateTime(value),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: ParticipantStatus) => (
        <Tag color={statusTags[status].color} className="cw-admin-groups__status">
          {statusTags[status].label}
        </Tag>
      ),
    },
    {
      title: 'Decision',
      key: 'decision',
      render: (_, participant) =>
        participant.status === 'pending' ? (
          <Space size="small" wrap>
            <Button
              type="primary"
              size="small"
              loading={deciding(participant, 'approve')}
              disabled={deciding(participant)}
              onClick={() => void handleDecision(participant, 'approve')}
            >
              Approve
            </Button>
            <Button
              danger
              size="small"
              loading={deciding(participant, 'reject')}
              disabled={deciding(participant)}
              onClick={() => void handleDecision(participant, 'reject')}
            >
              Reject
            </Button>
          </Space>
        ) : (
          <span className="cw-admin-groups__muted">
            {participant.decidedAt ? formatGroupDateTime(participant.decidedAt) : '—'}
          </span>
        ),
    },
  ];

  if (participants.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="The requests could not be loaded."
        action={
          <Button size="small" onClick={() => void participants.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <div className="cw-admin-groups__requests">
      {/* A sibling of the table on purpose: antd pulls a lone nested table into the row's indent. */}
      <p className="cw-admin-groups__requests-title">Join requests for {group.name}</p>
      <Table<GroupParticipant>
        className="cw-admin-groups__participants"
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={participants.data}
        loading={participants.isPending}
        pagination={participants.data && participants.data.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: 'No requests yet.' }}
      />
    </div>
  );
}
