import { Button, Form, InputNumber, Radio, Segmented, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { Instrument } from '../../api/get-instruments';
import { type OrderRequest, usePlaceOrder } from '../../api/trading-actions';
import type { Quote } from '../../api/use-competition-stream';
import { formatPrice } from '../../lib/trading-format';

type TicketValues = {
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  quantity: number | null;
  price: number | null;
  stopLoss: number | null;
  takeProfit: number | null;
};

const optional = (value: number | null | undefined) =>
  value === null || value === undefined ? undefined : value;

/**
 * The order ticket: instrument, Buy or Sell, Market/Limit/Stop, quantity, a price for limit and
 * stop orders, optional stop-loss and take-profit. The server's refusals (423 frozen, 409 outside
 * the window, 400 per field) come back as a toast and, for fields, under the field.
 */
export function OrderTicket({
  groupId,
  instruments,
  symbol,
  onSymbolChange,
  quote,
  disabledReason,
}: {
  groupId: string;
  instruments: Instrument[];
  symbol: string;
  onSymbolChange: (symbol: string) => void;
  quote: Quote | undefined;
  /** Why the ticket is closed (frozen, not running), or null when orders are accepted. */
  disabledReason: string | null;
}) {
  const [form] = Form.useForm<TicketValues>();
  const placeOrder = usePlaceOrder(groupId);
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const type = Form.useWatch('type', form) ?? 'market';
  const instrument = instruments.find((item) => item.symbol === symbol);
  const tick = instrument?.tickSize;

  const submit = async (values: TicketValues) => {
    const order: OrderRequest = {
      symbol,
      side,
      type: values.type,
      quantity: values.quantity ?? 0,
      price: values.type === 'market' ? undefined : optional(values.price),
      stopLoss: optional(values.stopLoss),
      takeProfit: optional(values.takeProfit),
    };
    try {
      await placeOrder.mutateAsync(order);
      form.setFieldsValue({ price: null, stopLoss: null, takeProfit: null });
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        const known = new Set(['quantity', 'price', 'stopLoss', 'takeProfit']);
        form.setFields(
          error.details
            .filter((detail) => known.has(detail.path))
            .map((detail) => ({ name: detail.path as keyof TicketValues, errors: [detail.message] })),
        );
      }
    }
  };

  return (
    <Form<TicketValues>
      form={form}
      layout="vertical"
      className="cw-trading__ticket"
      aria-label="Order ticket"
      initialValues={{ side: 'buy', type: 'market', quantity: 1 }}
      onFinish={submit}
      disabled={disabledReason !== null}
      requiredMark={false}
    >
      <Form.Item label="Instrument">
        <Select
          aria-label="Instrument"
          value={symbol}
          onChange={onSymbolChange}
          showSearch={{ optionFilterProp: 'label' }}
          options={instruments.map((item) => ({
            value: item.symbol,
            label: `${item.symbol} · ${item.name}`,
          }))}
        />
      </Form.Item>
      <div className="cw-trading__quote" aria-live="off">
        <span>
          Bid <strong>{quote ? formatPrice(quote.bid, tick) : '—'}</strong>
        </span>
        <span>
          Ask <strong>{quote ? formatPrice(quote.ask, tick) : '—'}</strong>
        </span>
      </div>
      <Form.Item label="Side">
        <Radio.Group
          value={side}
          onChange={(event) => setSide(event.target.value)}
          optionType="button"
          buttonStyle="solid"
          className="cw-trading__sides"
          options={[
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell' },
          ]}
        />
      </Form.Item>
      <Form.Item label="Order type" name="type">
        <Segmented
          block
          options={[
            { value: 'market', label: 'Market' },
            { value: 'limit', label: 'Limit' },
            { value: 'stop', label: 'Stop' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="Quantity"
        name="quantity"
        rules={[{ required: true, message: 'Enter how many units to trade.' }]}
      >
        <InputNumber min={0} step={1} style={{ width: '100%' }} />
      </Form.Item>
      {type !== 'market' ? (
        <Form.Item
          label={type === 'limit' ? 'Limit price' : 'Stop price'}
          name="price"
          rules={[{ required: true, message: `Enter the ${type} price.` }]}
        >
          <InputNumber min={0} step={tick} style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
      <div className="cw-trading__protect">
        <Form.Item label="Stop-loss" name="stopLoss">
          <InputNumber min={0} step={tick} style={{ width: '100%' }} placeholder="Optional" />
        </Form.Item>
        <Form.Item label="Take-profit" name="takeProfit">
          <InputNumber min={0} step={tick} style={{ width: '100%' }} placeholder="Optional" />
        </Form.Item>
      </div>
      {disabledReason ? <p className="cw-trading__ticket-note">{disabledReason}</p> : null}
      <Button
        type="primary"
        htmlType="submit"
        block
        danger={side === 'sell'}
        loading={placeOrder.isPending}
        className="cw-trading__submit"
      >
        {`${side === 'buy' ? 'Buy' : 'Sell'} ${symbol}`}
      </Button>
    </Form>
  );
}
