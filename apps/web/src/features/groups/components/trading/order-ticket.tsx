import { priceProblem, quantityProblem } from '@candlewise/shared';
import { Alert, Button, Form, InputNumber, Radio, Segmented, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { Instrument } from '../../api/get-instruments';
import { type OrderRequest, usePlaceOrder } from '../../api/trading-actions';
import type { Quote } from '../../api/use-competition-stream';
import { formatPrice, lotHint } from '../../lib/trading-format';

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

/** The instrument's lot step, minimum and tick size, when the API gave all three. */
function stepsOf(instrument: Instrument | undefined) {
  if (!instrument) return null;
  const { symbol, lotStep, minQuantity, tickSize } = instrument;
  if (lotStep === undefined || minQuantity === undefined || tickSize === undefined) return null;
  return { symbol, lotStep, minQuantity, tickSize };
}

/** The quantity a fresh ticket offers: one contract where the lot rules allow it, else the minimum. */
function firstQuantity(steps: ReturnType<typeof stepsOf>): number {
  return steps && quantityProblem(steps, 1) ? steps.minQuantity : 1;
}

/**
 * A field rule with the API's own sentence (shared with it) for a quantity off the lot step or a
 * price off the tick size, so the member hears it before sending; the server checks again.
 */
function stepRule(problem: (value: number) => string | null): Rule {
  return {
    validator: async (_, value: number | null | undefined) => {
      const message = value === null || value === undefined ? null : problem(value);
      if (message) throw new Error(message);
    },
  };
}

/**
 * The order ticket: instrument, Buy or Sell, Market/Limit/Stop, quantity (in the instrument's lot
 * steps), a price for limit and stop orders, optional stop-loss and take-profit (at its tick size,
 * in its quote currency). The server's refusals (423 frozen, 409 outside the window or the market
 * closed, 503 prices stopped, 400 per field, buying power among them) come back as a toast in the
 * server's words and, for fields, under the field. While the instrument's quote is stale, or its
 * market is closed, the ticket says so and a market order cannot be sent (nothing would fill on it);
 * limit and stop orders can still be placed and wait.
 */
export function OrderTicket({
  groupId,
  instruments,
  symbol,
  onSymbolChange,
  quote,
  disabledReason,
  marketClosed = null,
}: {
  groupId: string;
  instruments: Instrument[];
  symbol: string;
  onSymbolChange: (symbol: string) => void;
  quote: Quote | undefined;
  /** Why the ticket is closed (frozen, not running), or null when orders are accepted. */
  disabledReason: string | null;
  /** 'Market closed, opens in 14 h 05 m' while the instrument's market is closed, else null. */
  marketClosed?: string | null;
}) {
  const [form] = Form.useForm<TicketValues>();
  const placeOrder = usePlaceOrder(groupId);
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const type = Form.useWatch('type', form) ?? 'market';
  const instrument = instruments.find((item) => item.symbol === symbol);
  const tick = instrument?.tickSize;
  const steps = stepsOf(instrument);
  const inQuote = instrument?.currency ? ` (${instrument.currency})` : '';
  const stale = quote?.stale === true;
  const marketOrdersPaused = (stale || marketClosed !== null) && type === 'market';
  const priceRules = (label: string): Rule[] =>
    steps ? [stepRule((value) => priceProblem(steps, value, label))] : [];

  const changeSymbol = (next: string) => {
    onSymbolChange(next);
    // A quantity that fit the last instrument may be off this one's lot step: start this one afresh.
    const nextSteps = stepsOf(instruments.find((item) => item.symbol === next));
    const quantity = form.getFieldValue('quantity');
    if (nextSteps && (typeof quantity !== 'number' || quantityProblem(nextSteps, quantity))) {
      form.setFieldValue('quantity', firstQuantity(nextSteps));
    }
    form.setFields(
      (['quantity', 'price', 'stopLoss', 'takeProfit'] as const).map((name) => ({ name, errors: [] })),
    );
  };

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
      initialValues={{ side: 'buy', type: 'market', quantity: firstQuantity(steps) }}
      onFinish={submit}
      disabled={disabledReason !== null}
      requiredMark={false}
    >
      <Form.Item label="Instrument">
        <Select
          aria-label="Instrument"
          value={symbol}
          onChange={changeSymbol}
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
        {instrument?.currency ? <span>in {instrument.currency}</span> : null}
      </div>
      {stale ? (
        <Alert
          className="cw-trading__stale"
          type="warning"
          showIcon
          title={`Prices for ${symbol} have stopped arriving`}
          description="Nothing fills until they are back, so market orders are paused. Try again in a moment."
        />
      ) : null}
      {marketClosed ? (
        <Alert
          className="cw-trading__market-closed"
          type="info"
          showIcon
          // The countdown changes every minute: a status, not an alert read out each time.
          role="status"
          title={marketClosed}
          description="Limit and stop orders wait for the open."
        />
      ) : null}
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
        extra={
          steps && instrument?.contractSize !== undefined
            ? lotHint({ ...steps, contractSize: instrument.contractSize })
            : undefined
        }
        rules={[
          { required: true, message: 'Enter how many contracts to trade.' },
          ...(steps ? [stepRule((value) => quantityProblem(steps, value))] : []),
        ]}
      >
        <InputNumber min={steps?.minQuantity ?? 0} step={steps?.lotStep ?? 1} style={{ width: '100%' }} />
      </Form.Item>
      {type !== 'market' ? (
        <Form.Item
          label={`${type === 'limit' ? 'Limit price' : 'Stop price'}${inQuote}`}
          name="price"
          rules={[{ required: true, message: `Enter the ${type} price.` }, ...priceRules('Price')]}
        >
          <InputNumber min={0} step={tick} style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
      <div className="cw-trading__protect">
        <Form.Item label={`Stop-loss${inQuote}`} name="stopLoss" rules={priceRules('Stop-loss')}>
          <InputNumber min={0} step={tick} style={{ width: '100%' }} placeholder="Optional" />
        </Form.Item>
        <Form.Item label={`Take-profit${inQuote}`} name="takeProfit" rules={priceRules('Take-profit')}>
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
        disabled={marketOrdersPaused ? true : undefined}
        className="cw-trading__submit"
      >
        {`${side === 'buy' ? 'Buy' : 'Sell'} ${symbol}`}
      </Button>
    </Form>
  );
}
