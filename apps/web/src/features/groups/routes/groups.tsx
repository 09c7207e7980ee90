import { TrophyOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { toStatusByGroup, useGroupStatuses } from '../api/get-group-statuses';
import { type Group, useGroups } from '../api/get-groups';
import { useJoinGroup, useJoiningGroupIds } from '../api/join-group';
import { GroupCard } from '../components/group-card';
import { GroupInfoDialog } from '../components/group-info-dialog';
import type { JoinState } from '../components/join-button';
import { JoinGroupDialog } from '../components/join-group-dialog';
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
  const [info, setInfo] = useState<DialogState>(closed);
  const [confirm, setConfirm] = useState<DialogState>(closed);

  const statusByGroup = toStatusByGroup(statuses.data);
  const joinStateOf = (group: Group): JoinState =>
    statusByGroup.get(group._id) ?? (joiningIds.includes(group._id) ? 'joining' : 'none');

  function confirmJoin() {
    const group = confirm.group;
    setConfirm((state) => ({ ...state, open: false }));
    if (group && joinStateOf(group) === 'none') joinGroup.mutate(group);
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
      ) : groups.isError ? null : groups.data.length === 0 ? (
        // A failed load is logged only (spec §8), so this never claims "no groups" when it does not know.
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
              />
            </li>
          ))}
        </ul>
      )}

      <GroupInfoDialog
        group={info.group}
        open={info.open}
        onClose={() => setInfo((state) => ({ ...state, open: false }))}
      />
      <JoinGroupDialog
        group={confirm.group}
        open={confirm.open}
        onConfirm={confirmJoin}
        onCancel={() => setConfirm((state) => ({ ...state, open: false }))}
      />
    </div>
  );
}
