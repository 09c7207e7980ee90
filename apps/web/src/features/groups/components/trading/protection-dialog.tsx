import { type InstrumentSteps, plainNumber } from '@candlewise/shared/trading/account-money';
import { protectionProblem, type Side } from '@candlewise/shared/trading/trading-rules';
import { Form, Modal } from 'antd';
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useProtectOrder, useProtectPosition } from '../../api/trading-actions';
import { parseDecimal, priceFieldProblem } from '../../lib/order-ticket-fields';
import { formatLots, formatQuotedPrice } from '../../lib/trading-format';
import { errorItemProps } from './field-error';
import { NumberField } from './number-field';

/** What the levels protect: an open position (checked against the price it would close at now) or a pending order. */
export type ProtectionTarget =
  | {
      kind: 'position';
      symbol: string;
      /** Signed: positive long, negative short. */
      quantity: number;
      /** The price the position would close at now (a long's bid, a short's ask), when known. */
      exitPrice: number | null;
      stopLoss: number | null;
      takeProfit: number | null;
    }
  | {
      kind: 'order';
      orderId: string;
      symbol: string;
      side: Side;
      type: 'market' | 'limit' | 'stop';
      quantity: number;
      price: number | null;
      stopLoss: number | null;
      takeProfit: number | null;
    };

type Level = 'stopLoss' | 'takeProfit';
const text = (value: number | null) => (value === null ? '' : plainNumber(value));

/**
 * Moves the stop-loss and take-profit of an open position or a pending order (PATCH). An empty field
 * removes the level. Each field is checked as typed (a number at the tick size, on the right side
 * of the price, in the server's words); the server's refusal of a field shows under it.
 */
export function ProtectionDialog({
  groupId,
  target,
  steps,
  quoteCurrency,
  onClose,
}: {
  groupId: string;
  target: ProtectionTarget;
  steps: InstrumentSteps | null;
  quoteCurrency: string | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const protectPosition = useProtectPosition(groupId);
  const protectOrder = useProtectOrder(groupId);
  const pending = protectPosition.isPending || protectOrder.isPending;
  const [texts, setTexts] = useState<Record<Level, string>>({
    stopLoss: text(target.stopLoss),
    takeProfit: text(target.takeProfit),
  });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Level, string>>>({});
  const tick = steps?.tickSize;
  const inQuote = quoteCurrency ? ` (${quoteCurrency})` : '';

  const problems: Record<Level, string | null> = {
    stopLoss: priceFieldProblem(texts.stopLoss, { name: 'stop-loss', label: 'Stop-loss', steps }),
    takeProfit: priceFieldProblem(texts.takeProfit, { name: 'take-profit', label: 'Take-profit', steps }),
  };
  const stopLoss = problems.stopLoss ? null : parseDecimal(texts.stopLoss);
  const takeProfit = problems.takeProfit ? null : parseDecimal(texts.takeProfit);
  const side: Side = target.kind === 'position' ? (target.quantity > 0 ? 'buy' : 'sell') : target.side;
  const reference = target.kind === 'position' ? target.exitPrice : target.price;
  if (reference !== null) {
    const wrongSide = protectionProblem({ side, reference, stopLoss, takeProfit, of: target.kind });
    if (wrongSide) problems[wrongSide.path] ??= wrongSide.message;
  }
  const shown = (level: Level) => serverErrors[level] ?? problems[level];
  const valid = shown('stopLoss') === null && shown('takeProfit') === null;

  const edit = (level: Level) => (value: string) => {
    setTexts((current) => ({ ...current, [level]: value }));
    setServerErrors((current) => ({ ...current, [level]: undefined }));
  };

  const save = async () => {
    if (!valid || pending) return;
    const levels = { stopLoss, takeProfit };
    try {
      if (target.kind === 'position') await protectPosition.mutateAsync({ symbol: target.symbol, levels });
      else await protectOrder.mutateAsync({ orderId: target.orderId, levels });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Partial<Record<Level, string>> = {};
        for (const detail of error.details)
          if (detail.path === 'stopLoss' || detail.path === 'takeProfit')
            next[detail.path] ??= detail.message;
        setServerErrors(next);
      }
    }
  };

  const what =
    target.kind === 'position'
      ? `${target.quantity > 0 ? 'Long' : 'Short'} ${formatLots(Math.abs(target.quantity))}${
          target.exitPrice !== null
            ? ` · now ${formatQuotedPrice(target.exitPrice, tick, quoteCurrency)}`
            : ''
        }`
      : `${target.side === 'buy' ? 'Buy' : 'Sell'} ${target.type} ${formatLots(target.quantity)}${
          target.price !== null ? ` at ${formatQuotedPrice(target.price, tick, quoteCurrency)}` : ''
        }`;

  return (
    <Modal
      open
      title={`Stop-loss and take-profit · ${target.symbol}`}
      okText="Save"
      cancelText="Cancel"
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !valid }}
      destroyOnHidden
    >
      <Form
        layout="vertical"
        onFinish={() => void save()}
        requiredMark={false}
        aria-label="Stop-loss and take-profit"
      >
        <p className="cw-ticket__dialog-lead">{what}</p>
        <p className="cw-ticket__note">
          {target.kind === 'position'
            ? 'Leave a field empty to remove that level.'
            : 'They pass to the position when the order fills. Leave a field empty to remove that level.'}
        </p>
        <div className="cw-trading__protect">
          {(
            [
              ['stopLoss', 'Stop-loss'],
              ['takeProfit', 'Take-profit'],
            ] as const
          ).map(([level, label]) => (
            <Form.Item
              key={level}
              label={`${label}${inQuote}`}
              {...errorItemProps(`${id}-${level}`, shown(level))}
            >
              <NumberField
                id={`${id}-${level}`}
                value={texts[level]}
                onChange={edit(level)}
                step={tick}
                min={tick}
                invalid={shown(level) !== null}
                placeholder="None"
              />
            </Form.Item>
          ))}
        </div>
        {/* Enter in a field saves, as the Save button does. */}
        <button type="submit" hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
