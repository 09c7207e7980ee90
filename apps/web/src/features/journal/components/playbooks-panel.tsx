import { Alert, Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { ApiError } from '@/lib/api-client';
import {
  type Playbook,
  type PlaybookFormValues,
  type PlaybookReport,
  useDeletePlaybook,
  usePlaybookReport,
  usePlaybooks,
  useSavePlaybook,
} from '../api/playbooks';
import { formatPnl, pnlClass } from '../lib/journal-time';

type RuleRow = PlaybookReport['rules'][number];
type Side = RuleRow['followed'];

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
const trades = (count: number) => `${count} trade${count === 1 ? '' : 's'}`;

/** One side of a rule: average P&L and win rate, the sample size beside them. */
function SideCell({ side, currency }: { side: Side; currency: string }) {
  if (side.trades === 0) return <span className="cw-muted">No trades</span>;
  return (
    <span>
      <span className={pnlClass(side.averagePnl)}>{formatPnl(side.averagePnl, currency)}</span> a trade ·{' '}
      {percent(side.winRate)} won <span className="cw-muted">(n = {side.trades})</span>
    </span>
  );
}

/** Add or edit a playbook: its name, what it is, and its rules as a checklist. */
function PlaybookEditor({
  playbook,
  open,
  onClose,
}: {
  playbook: Playbook | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PlaybookFormValues>();
  const save = useSavePlaybook();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      playbook
        ? {
            name: playbook.name,
            description: playbook.description,
            rules: playbook.rules.map((rule) => ({ id: rule._id, text: rule.text })),
          }
        : { name: '', description: '', rules: [{ text: '' }] },
    );
  }, [open, playbook, form]);

  const submit = async (values: PlaybookFormValues) => {
    try {
      await save.mutateAsync({ id: playbook?._id, values });
      toast.success('Playbook saved.');
      onClose();
    } catch (error) {
      const apiError = error as ApiError;
      form.setFields(
        (apiError.details ?? [])
          .filter((detail) => detail.path && detail.path !== '(body)')
          .map((detail) => ({
            name: detail.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never,
            errors: [detail.message],
          })),
      );
      if (apiError.status === 409) form.setFields([{ name: 'name', errors: [apiError.message] }]);
      toast.error(apiError.message);
    }
  };

  return (
    <Modal
      open={open}
      title={playbook ? `Edit ${playbook.name}` : 'New playbook'}
      okText="Save playbook"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} className="cw-playbook-form">
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Name the playbook.' }]}
        >
          <Input maxLength={80} placeholder="Opening range breakout" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label="What it is">
          <Input.TextArea rows={2} maxLength={2000} placeholder="When you take it, on what market" />
        </Form.Item>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <fieldset className="cw-playbook-rules">
              <legend>Rules (a checklist each trade is ticked against)</legend>
              {fields.map((field, index) => (
                <div key={field.key} className="cw-playbook-rule">
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'text']}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: 'Write the rule, or remove the empty line.',
                      },
                    ]}
                  >
                    <Input
                      maxLength={200}
                      aria-label={`Rule ${index + 1}`}
                      placeholder="Stop below the range"
                    />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)} aria-label={`Remove rule ${index + 1}`}>
                    Remove
                  </Button>
                </div>
              ))}
              <Button type="dashed" onClick={() => add({ text: '' })} disabled={fields.length >= 30}>
                Add a rule
              </Button>
            </fieldset>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** The chosen playbook's report: each rule's trades kept against broken, with sample sizes. */
function PlaybookReportView({ playbook }: { playbook: Playbook }) {
  const [currency, setCurrency] = useState<string | undefined>();
  const report = usePlaybookReport(playbook._id, currency);
  if (report.isPending) return <Skeleton active />;
  if (report.isError) return <Alert type="error" showIcon message={report.error.message} />;
  const data = report.data;
  return (
    <section className="cw-playbook-report" aria-label={`Report of ${playbook.name}`}>
      <h3>What each rule is worth</h3>
      {data.currencies.length > 1 && (
        <Select
          aria-label="Currency"
          value={data.currency}
          onChange={setCurrency}
          options={data.currencies.map((each) => ({
            value: each.currency,
            label: `${each.currency} (${trades(each.trades)})`,
          }))}
        />
      )}
      {data.overall.trades === 0 ? (
        <Empty description="No closed trades follow this playbook yet: pick it on a trade and tick the rules it kept." />
      ) : (
        <>
          <p>
            {trades(data.overall.trades)} closed in {data.currency}:{' '}
            <span className={pnlClass(data.overall.netPnl)}>
              {formatPnl(data.overall.netPnl, data.currency)}
            </span>{' '}
            net, {percent(data.overall.winRate)} won.
          </p>
          <Table<RuleRow>
            size="small"
            rowKey="ruleId"
            pagination={false}
            scroll={{ x: true }}
            dataSource={data.rules}
            locale={{ emptyText: 'This playbook has no rules yet.' }}
            columns={[
              { title: 'Rule', dataIndex: 'text' },
              {
                title: 'Kept',
                render: (_: unknown, row) => <SideCell side={row.followed} currency={data.currency} />,
              },
              {
                title: 'Broken',
                render: (_: unknown, row) => <SideCell side={row.broken} currency={data.currency} />,
              },
              {
                title: 'Worth (kept − broken)',
                render: (_: unknown, row) =>
                  row.contribution ? (
                    <span>
                      <span className={pnlClass(row.contribution.averagePnl)}>
                        {formatPnl(row.contribution.averagePnl, data.currency)}
                      </span>{' '}
                      a trade · {row.contribution.winRate >= 0 ? '+' : '−'}
                      {Math.round(Math.abs(row.contribution.winRate) * 100)} pts win rate
                    </span>
                  ) : (
                    <span className="cw-muted">Needs trades both kept and broken</span>
                  ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}

/**
 * The journal's Playbooks tab (issue #41): the learner's setups with their rules; each trade names
 * its playbook and ticks the rules it kept (in the trade form), and the report shows what each rule
 * is worth.
 */
export function PlaybooksPanel() {
  const playbooks = usePlaybooks();
  const remove = useDeletePlaybook();
  const [editing, setEditing] = useState<Playbook | 'new' | null>(null);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const list = playbooks.data ?? [];
  const selected = list.find((each) => each._id === selectedId) ?? list[0];

  return (
    <section className="cw-playbooks" aria-labelledby="playbooks-title">
      <div className="cw-playbooks-head">
        <h2 id="playbooks-title">Playbooks</h2>
        <Button type="primary" onClick={() => setEditing('new')}>
          New playbook
        </Button>
      </div>
      <p className="cw-muted">
        Write down the setups you trade and their rules. Pick the playbook on each trade and tick the rules it
        kept: the report sets the trades that kept each rule against those that broke it.
      </p>
      {playbooks.isPending && <Skeleton active />}
      {playbooks.isError && <Alert type="error" showIcon message={playbooks.error.message} />}
      {playbooks.isSuccess && list.length === 0 && (
        <Empty description="No playbooks yet. Write your first setup and its rules." />
      )}
      {list.length > 0 && (
        <div className="cw-playbooks-list">
          {list.map((playbook) => (
            <Card
              key={playbook._id}
              size="small"
              className={playbook._id === selected?._id ? 'cw-playbook-card is-selected' : 'cw-playbook-card'}
              title={
                <button
                  type="button"
                  className="cw-playbook-pick"
                  onClick={() => setSelectedId(playbook._id)}
                >
                  {playbook.name}
                </button>
              }
              extra={<span className="cw-muted">{trades(playbook.trades)}</span>}
              actions={[
                <Button key="edit" type="link" onClick={() => setEditing(playbook)}>
                  Edit
                </Button>,
                <Popconfirm
                  key="delete"
                  title={`Delete ${playbook.name}?`}
                  description="Its trades stay in your journal, without a playbook."
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(playbook._id);
                      toast.success('Playbook deleted.');
                    } catch (error) {
                      toast.error((error as ApiError).message);
                    }
                  }}
                >
                  <Button type="link" danger>
                    Delete
                  </Button>
                </Popconfirm>,
              ]}
            >
              {playbook.description && <p>{playbook.description}</p>}
              <ol className="cw-playbook-checklist">
                {playbook.rules.map((rule) => (
                  <li key={rule._id}>{rule.text}</li>
                ))}
              </ol>
            </Card>
          ))}
        </div>
      )}
      {selected && <PlaybookReportView key={selected._id} playbook={selected} />}
      <PlaybookEditor
        open={editing !== null}
        playbook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
