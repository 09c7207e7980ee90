import { PRACTICE_STARTING_BALANCE } from '@candlewise/shared/practice/practice-contract';
import { Alert, Button, Empty, Form, Input, Select, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { ApiError } from '@/lib/api-client';
import { usePracticeDays } from '../api/get-practice-days';
import { useCreatePracticeSession, usePracticeSessions } from '../api/practice-sessions';
import { SPEED_CHOICES } from '../lib/replayed-clock';
import './practice.css';

type StartValues = { symbol?: string; day?: string; startAt?: string; speed: number };

const STATE_TAGS = { playing: 'green', paused: 'blue', ended: 'default' } as const;

/**
 * /practice: start a private replay of an uploaded day (instrument, day, where the clock starts, the
 * speed), and the learner's replays, running and ended.
 */
export default function PracticePage() {
  const days = usePracticeDays();
  const sessions = usePracticeSessions();
  const create = useCreatePracticeSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<StartValues>();
  const symbol = Form.useWatch('symbol', form);
  const [problem, setProblem] = useState<string | null>(null);
  const daysOf = days.data?.find((entry) => entry.symbol === symbol)?.days ?? [];

  const start = (values: StartValues) => {
    setProblem(null);
    create.mutate(
      {
        symbol: values.symbol ?? '',
        day: values.day ?? '',
        speed: values.speed,
        ...(values.startAt ? { startAt: values.startAt } : {}),
      },
      {
        onSuccess: (session) => navigate(`/practice/${session._id}`),
        onError: (error) =>
          setProblem(error instanceof ApiError ? error.message : 'The replay could not start.'),
      },
    );
  };

  return (
    <div className="cw-practice">
      <PageHeader
        title="Practice replay"
        description={`Replay a real day bar by bar with ${PRACTICE_STARTING_BALANCE.toLocaleString('en')} of practice money: play, pause, step, and trade with the competitions' fill rules. Every decision is logged; none of it touches your journal's statistics.`}
      />
      <section className="cw-practice__start" aria-labelledby="practice-start-title">
        <h2 id="practice-start-title" className="cw-practice__section-title">
          Start a replay
        </h2>
        {days.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : days.isError ? (
          <Alert
            type="error"
            showIcon
            title="The replay days could not be loaded."
            action={<Button onClick={() => days.refetch()}>Try again</Button>}
          />
        ) : !days.data.length ? (
          <Empty description="No days have been uploaded yet. An admin adds them under Admin → Markets." />
        ) : (
          <Form<StartValues>
            form={form}
            layout="vertical"
            className="cw-practice__start-form"
            initialValues={{ speed: 1 }}
            onFinish={start}
            onValuesChange={(changed) => {
              setProblem(null);
              if ('symbol' in changed) form.setFieldValue('day', undefined);
            }}
            requiredMark={false}
          >
            <Form.Item
              name="symbol"
              label="Instrument"
              rules={[{ required: true, message: 'Choose an instrument.' }]}
            >
              <Select
                placeholder="Choose an instrument"
                options={days.data.map((entry) => ({
                  value: entry.symbol,
                  label: `${entry.symbol} · ${entry.name}`,
                }))}
              />
            </Form.Item>
            <Form.Item name="day" label="Day (UTC)" rules={[{ required: true, message: 'Choose a day.' }]}>
              <Select
                placeholder={symbol ? 'Choose a day' : 'Choose an instrument first'}
                disabled={!symbol}
                options={daysOf.map((day) => ({ value: day, label: day }))}
              />
            </Form.Item>
            <Form.Item
              name="startAt"
              label="Start at (UTC, optional)"
              rules={[
                { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'The start time is HH:MM, e.g. 14:30.' },
              ]}
            >
              <Input placeholder="HH:MM — the first bar if empty" inputMode="numeric" maxLength={5} />
            </Form.Item>
            <Form.Item name="speed" label="Speed">
              <Select options={SPEED_CHOICES.map((speed) => ({ value: speed, label: `${speed}×` }))} />
            </Form.Item>
            {problem ? (
              <Alert type="error" showIcon title={problem} className="cw-practice__problem" />
            ) : null}
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              Start replay
            </Button>
          </Form>
        )}
      </section>
      <section className="cw-practice__sessions" aria-labelledby="practice-sessions-title">
        <h2 id="practice-sessions-title" className="cw-practice__section-title">
          Your replays
        </h2>
        {sessions.isError ? (
          <Alert
            type="error"
            showIcon
            title="Your replays could not be loaded."
            action={<Button onClick={() => sessions.refetch()}>Try again</Button>}
          />
        ) : (
          <Table
            size="small"
            rowKey="_id"
            loading={sessions.isPending}
            scroll={{ x: true }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={sessions.data ?? []}
            locale={{ emptyText: 'No practice replays yet' }}
            columns={[
              {
                title: 'Replay',
                key: 'replay',
                render: (_, session) => (
                  <Link to={`/practice/${session._id}`}>
                    {session.symbol} · {session.day}
                  </Link>
                ),
              },
              {
                title: 'State',
                dataIndex: 'state',
                render: (state: keyof typeof STATE_TAGS) => <Tag color={STATE_TAGS[state]}>{state}</Tag>,
              },
              {
                title: 'P&L',
                key: 'pnl',
                render: (_, session) => (
                  <span className={session.pnl >= 0 ? 'cw-practice__profit' : 'cw-practice__loss'}>
                    {session.pnl.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}{' '}
                    {session.currency}
                  </span>
                ),
              },
              { title: 'Fills', dataIndex: 'fills' },
              { title: 'Decisions', dataIndex: 'decisions' },
            ]}
          />
        )}
      </section>
    </div>
  );
}
