import { ReloadOutlined, TrophyOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { toParticipationByGroup, useGroupStatuses } from '../api/get-group-statuses';
import { type Group, useGroups } from '../api/get-groups';
import { useJoinGroup, useJoiningGroupIds } from '../api/join-group';
import { useWithdrawingGroupIds, useWithdrawJoinRequest } from '../api/withdraw-join-request';
import { GroupCard } from '../components/group-card';
import { GroupInfoDialog } from '../components/group-info-dialog';
import type { JoinState } from '../components/join-button';
import { JoinGroupDialog } from '../components/join-group-dialog';
import { WithdrawRequestDialog } from '../components/withdraw-request-dialog';
import './groups.css';

/** /group (spec §2 "Groups screen"). A signed-out user is sent to /auth. */
export default function GroupsPage() {
  const user = useCurrentUser();
  if (!user) return <Navigate to="/auth" replace />;
  return <GroupsScreen userId={user._id} />;
}

/** Which group a dialog is about; kept while the dialog closes so its text does not vanish mid-animation. */
type DialogState = { group: Group | null; open: boolean };
const closed: DialogState = { group: null, open: false };

function GroupsScreen({ userId }: { userId: string }) {
  usePageTitle('Groups');
  const groups = useGroups();
  const statuses = useGroupStatuses(userId);
  const joinGroup = useJoinGroup(userId);
  const joiningIds = useJoiningGroupIds();
  const withdrawRequest = useWithdrawJoinRequest(userId);
  const withdrawingIds = useWithdrawingGroupIds();
  const [info, setInfo] = useState<DialogState>(closed);
  const [confirm, setConfirm] = useState<DialogState>(closed);
  const [withdrawal, setWithdrawal] = useState<DialogState>(closed);

  const requestByGroup = toParticipationByGroup(statuses.data);
  const joinStateOf = (group: Group): JoinState =>
    requestByGroup.get(group._id)?.status ?? (joiningIds.includes(group._id) ? 'joining' : 'none');
  const canWithdraw = (group: Group | null) =>
    group !== null && joinStateOf(group) === 'pending' && !withdrawingIds.includes(group._id);

  function confirmJoin() {
    const group = confirm.group;
    setConfirm((state) => ({ ...state, open: false }));
    if (group && joinStateOf(group) === 'none') joinGroup.mutate(group);
  }

  function confirmWithdrawal() {
    const group = withdrawal.group;
    setWithdrawal((state) => ({ ...state, open: false }));
    const request = group ? requestByGroup.get(group._id) : undefined;
    if (group && request?.status === 'pending') withdrawRequest.mutate({ group, participantId: request._id });
  }

  function retry() {
    void groups.refetch();
    if (statuses.isError) void statuses.refetch();
  }

  return (
    <div className="cw-groups">
      <header className="cw-groups__header">
        <h1 className="cw-groups__title">GROUPS</h1>
        <p className="cw-groups__description">
          Trading competitions: request to join, trade a paper account under a risk rule and see where you
          rank.
        </p>
      </header>

      {groups.isPending || statuses.isPending ? (
        <div className="cw-groups__loading" role="status" aria-label="Loading groups">
          <Spin size="large" />
        </div>
      ) : groups.isError ? (
        // The failure is also logged (spec §8); a blank page would leave the learner stuck.
        <div className="cw-groups__empty cw-groups__error" role="alert">
          <WarningOutlined aria-hidden="true" className="cw-groups__empty-icon" />
          <p className="cw-groups__empty-title">We could not load the groups</p>
          <p className="cw-groups__empty-text">Check your connection, then try again.</p>
          <Button
            className="cw-groups__retry"
            icon={<ReloadOutlined aria-hidden="true" />}
            loading={groups.isFetching}
            onClick={retry}
          >
            Retry
          </Button>
        </div>
      ) : groups.data.length === 0 ? (
        <div className="cw-groups__empty">
          <TrophyOutlined aria-hidden="true" className="cw-groups__empty-icon" />
          <p className="cw-groups__empty-title">No groups available</p>
          <p className="cw-groups__empty-text">Check back later for new groups</p>
        </div>
      ) : (
        <ul className="cw-groups__list" aria-label="Groups">
          {groups.data.map((group) => (
            <li key={group._id} className="cw-groups__item">
              <GroupCard
                group={group}
                joinState={joinStateOf(group)}
                onInfo={() => setInfo({ group, open: true })}
                onJoin={() => setConfirm({ group, open: true })}
                onWithdraw={() => setWithdrawal({ group, open: true })}
                withdrawing={withdrawingIds.includes(group._id)}
              />
            </li>
          ))}
        </ul>
      )}

      <GroupInfoDialog
        group={info.group}
        open={info.open}
        onClose={() => setInfo((state) => ({ ...state, open: false }))}
        onWithdraw={
          canWithdraw(info.group)
            ? () => {
                setInfo((state) => ({ ...state, open: false }));
                setWithdrawal({ group: info.group, open: true });
              }
            : undefined
        }
      />
      <JoinGroupDialog
        group={confirm.group}
        open={confirm.open}
        onConfirm={confirmJoin}
        onCancel={() => setConfirm((state) => ({ ...state, open: false }))}
      />
      <WithdrawRequestDialog
        group={withdrawal.group}
        open={withdrawal.open}
        onConfirm={confirmWithdrawal}
        onCancel={() => setWithdrawal((state) => ({ ...state, open: false }))}
      />
    </div>
  );
}
