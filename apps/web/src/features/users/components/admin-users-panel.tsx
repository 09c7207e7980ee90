import { Alert, Button, Input, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useCurrentUser } from '@/lib/current-user';
import { type AdminUser, useAdminUsers } from '../api/get-admin-users';
import { type AdminUserChange, useUpdateAdminUser } from '../api/update-admin-user';
import './admin-users-panel.css';

const PAGE_SIZE = 20;

const joinedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function fullName(user: AdminUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
}

type Action = { change: AdminUserChange; label: string; question: string; done: string; danger?: boolean };

/** The role and status changes offered for a row, each worded for its confirmation. */
function actionsFor(user: AdminUser): Action[] {
  const who = fullName(user) === '—' ? user.email : fullName(user);
  const roleAction: Action =
    user.role === 'admin'
      ? {
          change: { role: 'user' },
          label: 'Remove admin',
          question: `Remove ${who}'s admin rights? They keep their learner account.`,
          done: `${who} is no longer an admin.`,
        }
      : {
          change: { role: 'admin' },
          label: 'Make admin',
          question: `Make ${who} an admin? Admins run courses, competitions, users and messages.`,
          done: `${who} is now an admin.`,
        };
  const statusAction: Action = user.disabled
    ? {
        change: { disabled: false },
        label: 'Enable',
        question: `Enable ${who}'s account? They can log in again.`,
        done: `${who}'s account is enabled.`,
      }
    : {
        change: { disabled: true },
        label: 'Disable',
        question: `Disable ${who}'s account? They are signed out and cannot log in until enabled.`,
        done: `${who}'s account is disabled.`,
        danger: true,
      };
  return [roleAction, statusAction];
}

/** /admin → Users: search, page through, promote or demote, disable or enable (docs/architecture.md §Admin). */
export default function AdminUsersPanel() {
  const me = useCurrentUser();
  const [searchInput, setSearchInput] = useState('');
  const [filter, setFilter] = useState({ search: '', page: 1, pageSize: PAGE_SIZE });
  const users = useAdminUsers(filter);
  const update = useUpdateAdminUser();
  const [actionError, setActionError] = useState<string | null>(null);

  function runAction(user: AdminUser, action: Action) {
    setActionError(null);
    return update
      .mutateAsync({ userId: user._id, change: action.change })
      .then(() => {
        toast.success(action.done);
      })
      .catch((error: Error) => {
        // The server's own sentence, e.g. 'This is the last active admin. Make another admin first.'
        setActionError(error.message);
      });
  }

  const columns: TableColumnsType<AdminUser> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, user) => (
        <>
          {fullName(user)}
          {user._id === me?._id ? <Tag className="cw-admin-users__you">you</Tag> : null}
        </>
      ),
    },
    { title: 'E-mail', dataIndex: 'email', key: 'email' },
    {
      title: 'Role',
      key: 'role',
      render: (_, user) =>
        user.role === 'admin' ? (
          <Tag color="purple">Admin</Tag>
        ) : user.role === 'user' ? (
          <Tag>Learner</Tag>
        ) : (
          <Tag color="gold">Onboarding</Tag>
        ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, user) =>
        user.disabled ? <Tag color="red">Disabled</Tag> : <Tag color="green">Active</Tag>,
    },
    {
      title: 'Joined',
      dataIndex: 'createdAt',
      key: 'joined',
      render: (createdAt: string) => (
        <time dateTime={createdAt}>{joinedFormat.format(new Date(createdAt))}</time>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, user) =>
        user._id === me?._id ? (
          // The server refuses an admin demoting or disabling themselves; say so instead of offering it.
          <span className="cw-admin-users__self">Another admin can change your own account.</span>
        ) : (
          <Space wrap size="small">
            {actionsFor(user).map((action) => (
              <Popconfirm
                key={action.label}
                title={action.label}
                description={action.question}
                okText={action.label}
                okButtonProps={{ danger: action.danger }}
                onConfirm={() => runAction(user, action)}
              >
                <Button size="small" danger={action.danger} aria-label={`${action.label}: ${user.email}`}>
                  {action.label}
                </Button>
              </Popconfirm>
            ))}
          </Space>
        ),
    },
  ];

  return (
    <div className="cw-admin-users">
      <Input.Search
        aria-label="Search users"
        placeholder="Search by name or e-mail"
        allowClear
        enterButton="Search"
        value={searchInput}
        onChange={(event) => setSearchInput(event.target.value)}
        onSearch={(value) => setFilter((current) => ({ ...current, search: value.trim(), page: 1 }))}
        className="cw-admin-users__search"
      />
      {actionError ? (
        <Alert
          type="error"
          showIcon
          message={actionError}
          closable
          onClose={() => setActionError(null)}
          className="cw-admin-users__alert"
        />
      ) : null}
      {users.error ? (
        <Alert type="error" showIcon message={users.error.message} className="cw-admin-users__alert" />
      ) : null}
      <Table<AdminUser>
        rowKey="_id"
        columns={columns}
        dataSource={users.data?.users ?? []}
        // The spinner covers the rows only while they are not the ones asked for (first load, another page).
        loading={users.isFetching && (users.isPlaceholderData || !users.data)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: filter.search ? `No users match “${filter.search}”.` : 'No users yet.' }}
        pagination={{
          current: filter.page,
          pageSize: filter.pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} user${total === 1 ? '' : 's'}`,
          onChange: (page) => setFilter((current) => ({ ...current, page })),
        }}
      />
    </div>
  );
}
