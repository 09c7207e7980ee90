import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { Button, Empty, Form, InputNumber, Modal, Table, Tabs } from 'antd';
import { useState } from 'react';
import {
  type PracticeLevels,
  useCancelPracticeOrder,
  useClosePracticePosition,
  useEditPracticeOrder,
  useProtectPracticePosition,
} from '../api/practice-actions';

const clockOf = (time: number) => `${new Date(time).toISOString().slice(11, 19)} UTC`;
const level = (value: number | null) => (value === null ? '—' : value);

type Editing = { what: 'position' } | { what: 'order'; orderId: string };

/** The new stop-loss and take-profit of a position or a pending order (empty removes one). */
function LevelsDialog({
  open,
  title,
  initial,
  busy,
  onSave,
  onCancel,
}: {
  open: boolean;
  title: string;
  initial: { stopLoss: number | null; takeProfit: number | null };
  busy: boolean;
  onSave: (levels: PracticeLevels) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ stopLoss: number | null; takeProfit: number | null }>();
  return (
    <Modal
      open={open}
      title={title}
      okText="Save"
      confirmLoading={busy}
      onOk={() => {
        const values = form.getFieldsValue();
        onSave({ stopLoss: values.stopLoss ?? null, takeProfit: values.takeProfit ?? null });
      }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="stopLoss" label="Stop-loss (empty removes it)">
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="takeProfit" label="Take-profit (empty removes it)">
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The position, the pending orders and the fills of a practice replay, with their actions. */
export function PracticeBook({ session }: { session: PracticeSession }) {
  const ended = session.state === 'ended';
  const protect = useProtectPracticePosition(session._id);
  const close = useClosePracticePosition(session._id);
  const cancel = useCancelPracticeOrder(session._id);
  const edit = useEditPracticeOrder(session._id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const position = session.positions[0];
  const editedOrder =
    editing?.what === 'order' ? session.openOrders.find((order) => order._id === editing.orderId) : undefined;

  const save = (levels: PracticeLevels) => {
    const done = { onSuccess: () => setEditing(null) };
    if (editing?.what === 'position') protect.mutate(levels, done);
    else if (editing?.what === 'order') edit.mutate({ orderId: editing.orderId, levels }, done);
  };

  return (
    <section className="cw-practice__book" aria-label="Positions, orders and fills">
      <Tabs
        items={[
          {
            key: 'position',
            label: `Position${position ? ' (1)' : ''}`,
            children: position ? (
              <div className="cw-practice__position">
                <p>
                  <strong>
                    {position.quantity > 0 ? 'Long' : 'Short'} {Math.abs(position.quantity)} {position.symbol}
                  </strong>{' '}
                  at {position.averagePrice} · SL {level(position.stopLoss)} · TP {level(position.takeProfit)}
                </p>
                <div className="cw-practice__row-actions">
                  <Button disabled={ended} onClick={() => setEditing({ what: 'position' })}>
                    Move SL/TP
                  </Button>
                  <Button danger disabled={ended} loading={close.isPending} onClick={() => close.mutate()}>
                    Close position
                  </Button>
                </div>
              </div>
            ) : (
              <Empty description="No open position" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ),
          },
          {
            key: 'orders',
            label: `Orders (${session.openOrders.length})`,
            children: (
              <Table
                size="small"
                rowKey="_id"
                pagination={false}
                scroll={{ x: true }}
                dataSource={session.openOrders}
                locale={{ emptyText: 'No pending orders' }}
                columns={[
                  { title: 'Side', dataIndex: 'side' },
                  { title: 'Type', dataIndex: 'type' },
                  { title: 'Qty', dataIndex: 'quantity' },
                  { title: 'Price', dataIndex: 'price' },
                  { title: 'SL', dataIndex: 'stopLoss', render: level },
                  { title: 'TP', dataIndex: 'takeProfit', render: level },
                  {
                    title: 'Actions',
                    key: 'actions',
                    render: (_, order) => (
                      <span className="cw-practice__row-actions">
                        <Button
                          size="small"
                          disabled={ended}
                          onClick={() => setEditing({ what: 'order', orderId: order._id })}
                        >
                          SL/TP
                        </Button>
                        <Button size="small" danger disabled={ended} onClick={() => cancel.mutate(order._id)}>
                          Cancel
                        </Button>
                      </span>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'fills',
            label: `Fills (${session.fills})`,
            children: (
              <Table
                size="small"
                rowKey={(fill) => `${fill.replayedAt}-${fill.side}-${fill.price}-${fill.reason}`}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: true }}
                dataSource={session.fillsList}
                locale={{ emptyText: 'No fills yet' }}
                columns={[
                  { title: 'Replayed', dataIndex: 'replayedAt', render: clockOf },
                  { title: 'Side', dataIndex: 'side' },
                  { title: 'Qty', dataIndex: 'quantity' },
                  { title: 'Price', dataIndex: 'price' },
                  {
                    title: 'Reason',
                    dataIndex: 'reason',
                    render: (reason: string) => reason.replace('_', ' '),
                  },
                  { title: 'Realised', dataIndex: 'realized' },
                ]}
              />
            ),
          },
        ]}
      />
      <LevelsDialog
        open={editing !== null}
        title={
          editing?.what === 'order'
            ? 'Stop-loss and take-profit of the order'
            : 'Stop-loss and take-profit of the position'
        }
        initial={
          editing?.what === 'order'
            ? { stopLoss: editedOrder?.stopLoss ?? null, takeProfit: editedOrder?.takeProfit ?? null }
            : { stopLoss: position?.stopLoss ?? null, takeProfit: position?.takeProfit ?? null }
        }
        busy={protect.isPending || edit.isPending}
        onSave={save}
        onCancel={() => setEditing(null)}
      />
    </section>
  );
}
