import type { PracticeSession } from '@candlewise/shared/practice/practice-contract';
import { Alert, Button, Form, InputNumber, Radio, Segmented } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { PRACTICE_ORDER_FIELDS, type PracticeOrder, usePlacePracticeOrder } from '../api/practice-actions';

type TicketValues = {
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  quantity: number | null;
  price?: number | null;
  stopLoss?: number | null;
  takeProfit?: number | null;
};

const given = (value: number | null | undefined) =>
  value === null || value === undefined ? undefined : value;

/**
 * The practice order ticket: Buy or Sell, market / limit / stop, quantity, a price for limit and
 * stop, optional stop-loss and take-profit. The server checks it by the live desk's rules; a refusal
 * of a field shows under that field.
 */
export function PracticeTicket({ session }: { session: PracticeSession }) {
  const [form] = Form.useForm<TicketValues>();
  const place = usePlacePracticeOrder(session._id);
  const type = Form.useWatch('type', form) ?? 'market';
  const [problem, setProblem] = useState<string | null>(null);
  const ended = session.state === 'ended';
  const { instrument, quote } = session;

  const submit = (values: TicketValues) => {
    setProblem(null);
    const order: PracticeOrder = {
      side: values.side,
      type: values.type,
      quantity: values.quantity ?? 0,
      ...(values.type !== 'market' && given(values.price) !== undefined
        ? { price: given(values.price) }
        : {}),
      ...(given(values.stopLoss) !== undefined ? { stopLoss: given(values.stopLoss) } : {}),
      ...(given(values.takeProfit) !== undefined ? { takeProfit: given(values.takeProfit) } : {}),
    };
    place.mutate(order, {
      onSuccess: () => form.resetFields(['price', 'stopLoss', 'takeProfit']),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const fields = error.details.filter((detail) =>
          (PRACTICE_ORDER_FIELDS as readonly string[]).includes(detail.path),
        );
        form.setFields(
          fields.map((detail) => ({ name: detail.path as keyof TicketValues, errors: [detail.message] })),
        );
        if (!fields.length) setProblem(error.message);
      },
    });
  };

  return (
    <section className="cw-practice__ticket" aria-labelledby="practice-ticket-title">
      <h2 id="practice-ticket-title" className="cw-practice__section-title">
        Order ticket
      </h2>
      {quote ? (
        <p className="cw-practice__quote">
          Bid <strong>{quote.bid}</strong> · Ask <strong>{quote.ask}</strong>
        </p>
      ) : null}
      {ended ? (
        <Alert type="info" showIcon title="This practice replay has ended: orders are closed." />
      ) : null}
      <Form<TicketValues>
        form={form}
        layout="vertical"
        disabled={ended || place.isPending}
        initialValues={{ side: 'buy', type: 'market', quantity: instrument.minQuantity }}
        onFinish={submit}
        onValuesChange={() => setProblem(null)}
        requiredMark={false}
      >
        <Form.Item name="side" label="Side">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'buy', label: 'Buy' },
              { value: 'sell', label: 'Sell' },
            ]}
          />
        </Form.Item>
        <Form.Item name="type" label="Order type">
          <Segmented
            options={[
              { value: 'market', label: 'Market' },
              { value: 'limit', label: 'Limit' },
              { value: 'stop', label: 'Stop' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={`Quantity (step ${instrument.lotStep})`}
          rules={[{ required: true, message: 'Enter a quantity.' }]}
        >
          <InputNumber min={0} step={instrument.lotStep} style={{ width: '100%' }} />
        </Form.Item>
        {type !== 'market' ? (
          <Form.Item
            name="price"
            label={type === 'limit' ? 'Limit price' : 'Stop price'}
            rules={[{ required: true, message: 'Limit and stop orders need a price.' }]}
          >
            <InputNumber min={0} step={instrument.tickSize} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
        <div className="cw-practice__levels">
          <Form.Item name="stopLoss" label="Stop-loss (optional)">
            <InputNumber min={0} step={instrument.tickSize} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="takeProfit" label="Take-profit (optional)">
            <InputNumber min={0} step={instrument.tickSize} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        {problem ? <Alert type="error" showIcon title={problem} className="cw-practice__problem" /> : null}
        <Button type="primary" htmlType="submit" block loading={place.isPending}>
          Place order
        </Button>
      </Form>
    </section>
  );
}
