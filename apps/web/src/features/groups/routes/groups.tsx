import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import { Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { lazyAntd } from '@/components/antd-provider/lazy-antd';
import { PageSpinner } from '@/components/page-spinner/page-spinner';
import { PartBoundary } from '@/components/plain/part-boundary';
import { PlainButton } from '@/components/plain/plain-button';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { toParticipationByGroup, useGroupStatuses } from '../api/get-group-statuses';
import { type Group, useGroups } from '../api/get-groups';
import { useJoinGroup, useJoiningGroupIds } from '../api/join-group';
import { useWithdrawingGroupIds, useWithdrawJoinRequest } from '../api/withdraw-join-request';
import { GroupCard } from '../components/group-card';
import type { DialogState, GroupsDialogsProps } from '../components/groups-dialogs';
import { GroupsHeader } from '../components/groups-header';
import type { JoinState } from '../components/join-button';
import './groups.css';

// The dialogs are antd's: they load when a card's button is first pointed at, focused or pressed,
// so the cards paint without antd (ADR 021).
const GroupsDialogs = lazyAntd<GroupsDialogsProps>(() =>
  import('../components/groups-dialogs').then((module) => module.GroupsDialogs),
);
const preloadDialogs = () => void GroupsDialogs.preload().catch(() => undefined);

/** /group (docs/product-contract.md §2, the Groups screen). A signed-out user is sent to /auth. Plain markup; the dialogs bring antd. */
export default function GroupsPage() {
  const user = useCurrentUser();
  if (!user) return <Navigate to="/auth" replace />;
  return <GroupsScreen userId={user._id} />;
}

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
  // Mounted from the first dialog opened on (and kept, so a closing dialog can animate out).
  const dialogsWanted = info.group !== null || confirm.group !== null || withdrawal.group !== null;

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
      <GroupsHeader />

      {groups.isPending || statuses.isPending ? (
        <PageSpinner label="Loading groups" />
      ) : groups.isError ? (
        // The failure is also logged (docs/product-contract.md §8); a blank page would leave the learner stuck.
        <div className="cw-groups__empty cw-groups__error" role="alert">
          <SvgIcon icon={WarningOutlined} className="cw-groups__empty-icon" />
          <p className="cw-groups__empty-title">We could not load the groups</p>
          <p className="cw-groups__empty-text">Check your connection, then try again.</p>
          <PlainButton
            className="cw-groups__retry"
            icon={<SvgIcon icon={ReloadOutlined} />}
            loading={groups.isFetching}
            onClick={retry}
          >
            Retry
          </PlainButton>
        </div>
      ) : groups.data.length === 0 ? (
        <div className="cw-groups__empty">
          <SvgIcon icon={TrophyOutlined} className="cw-groups__empty-icon" />
          <p className="cw-groups__empty-title">No groups available</p>
          <p className="cw-groups__empty-text">Check back later for new groups</p>
        </div>
      ) : (
        <ul
          className="cw-groups__list"
          aria-label="Groups"
          onPointerOver={preloadDialogs}
          onFocus={preloadDialogs}
        >
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

      {dialogsWanted ? (
        <PartBoundary what="dialog">
          <Suspense fallback={null}>
            <GroupsDialogs
              info={info}
              confirm={confirm}
              withdrawal={withdrawal}
              onCloseInfo={() => setInfo((state) => ({ ...state, open: false }))}
              onWithdrawFromInfo={
                canWithdraw(info.group)
                  ? () => {
                      setInfo((state) => ({ ...state, open: false }));
                      setWithdrawal({ group: info.group, open: true });
                    }
                  : undefined
              }
              onConfirmJoin={confirmJoin}
              onCancelJoin={() => setConfirm((state) => ({ ...state, open: false }))}
              onConfirmWithdrawal={confirmWithdrawal}
              onCancelWithdrawal={() => setWithdrawal((state) => ({ ...state, open: false }))}
            />
          </Suspense>
        </PartBoundary>
      ) : null}
    </div>
  );
}
