import { plainNumber, quantityProblem, roundToStep } from '@candlewise/shared/trading/account-money';
import {
  contractValue,
  maxOrderQuantity,
  orderExposure,
  orderMargin,
} from '@candlewise/shared/trading/order-sizing';
import { marketFillPrice, protectionProblem } from '@candlewise/shared/trading/trading-rules';
import { type Ref, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { PlainAlert } from '@/components/plain/plain-alert';
import { PlainChoice } from '@/components/plain/plain-choice';
import { PlainField } from '@/components/plain/plain-field';
import { ApiError } from '@/lib/api-client';
import { accountRates } from '../../api/account-rates';
import type { Instrument } from '../../api/get-instruments';
import type { TradingAccount } from '../../api/get-trading-account';
import { ORDER_FIELDS, type OrderRequest, usePlaceOrder } from '../../api/trading-actions';
import type { Quote } from '../../api/use-competition-stream';
import { parseDecimal, priceFieldProblem, quantityFieldProblem } from '../../lib/order-ticket-fields';
import { sizingContext } from '../../lib/order-ticket-sizing';
import {
  contractUnit,
  formatLots,
  formatMoney,
  formatPrice,
  formatUnits,
  lotHint,
} from '../../lib/trading-format';
import { NumberField } from './number-field';
import { RiskSizer } from './risk-sizer';
import './order-ticket.css';

type Field = (typeof ORDER_FIELDS)[number];
type OrderType = 'market' | 'limit' | 'stop';
type Texts = Record<Field, string>;

/**
 * What the desk can ask of its ticket (a phone's sticky Buy/Sell bar): bring it into view with a
 * side chosen and Quantity focused, never sending anything; and its own send button, which the
 * bar watches to step aside while it is on screen.
 */
export type OrderTicketHandle = {
  open: (side: 'buy' | 'sell') => void;
  submitButton: () => HTMLButtonElement | null;
};

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

const noErrors: Partial<Record<Field, string>> = {};

/**
 * The order ticket: instrument, Buy or Sell, Market/Limit/Stop, quantity in lots (what a lot holds,
 * its step and minimum under it), a price for limit and stop orders, optional stop-loss and
 * take-profit (at its tick size, in its quote currency), and as you type the order's size, notional
 * and margin in the account currency and the most the buying power allows (the engine's own rule,
 * shared). Only what is in the fields is sent: each field's text is checked as typed and one plain
 * sentence shows under a field that is wrong, while Buy/Sell waits. One click sends one order (a
 * second click while it is on its way does nothing). The server's refusals of a field show under it;
 * the others (423 frozen, 409 outside the window or the market closed, 503 prices stopped) come
 * back as one toast in the server's words. While the instrument's quote is stale, or its market is
 * closed, the ticket says so and a market order cannot be sent (nothing would fill on it); limit
 * and stop orders can still be placed and wait.
 *
 * Plain markup, no antd (ADR 021): the ticket is the first thing a member's desk on a leaderboard
 * paints, and antd's script would hold it back. Its controls are drawn as antd's were (plain-field,
 * plain-choice, plain.css); while the ticket is closed one disabled fieldset disables them all.
 */
export function OrderTicket({
  groupId,
  instruments,
  symbol,
  onSymbolChange,
  quote,
  quotes,
  account,
  disabledReason,
  marketClosed = null,
  ref,
}: {
  groupId: string;
  instruments: Instrument[];
  symbol: string;
  onSymbolChange: (symbol: string) => void;
  quote: Quote | undefined;
  /** The competition's latest quotes (the value of what the account holds, for the maximum). */
  quotes?: ReadonlyMap<string, Quote>;
  /** The member's account: equity, positions and orders (the maximum and the margin), and the rates. */
  account?: TradingAccount;
  /** Why the ticket is closed (frozen, not running), or null when orders are accepted. */
  disabledReason: string | null;
  /** 'Market closed, opens in 14 h 05 m' while the instrument's market is closed, else null. */
  marketClosed?: string | null;
  /** The desk's handle on the ticket (OrderTicketHandle). */
  ref?: Ref<OrderTicketHandle>;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const placeOrder = usePlaceOrder(groupId);
  const sending = useRef(false);
  const instrument = instruments.find((item) => item.symbol === symbol);
  const steps = stepsOf(instrument);
  const tick = instrument?.tickSize;
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [type, setType] = useState<OrderType>('market');
  const [texts, setTexts] = useState<Texts>(() => ({
    quantity: plainNumber(firstQuantity(steps)),
    price: '',
    stopLoss: '',
    takeProfit: '',
  }));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState(noErrors);

  useImperativeHandle(
    ref,
    () => ({
      open: (next) => {
        setSide(next);
        const form = formRef.current;
        if (!form) return;
        // The ticket's top under the header (scroll-margin-top), then Quantity for the keyboard.
        const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        form.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
        const quantity = form.ownerDocument.getElementById(`${id}-quantity`);
        if (quantity instanceof HTMLInputElement) {
          quantity.focus({ preventScroll: true });
          quantity.select();
        }
      },
      submitButton: () => submitRef.current,
    }),
    [id],
  );

  const inQuote = instrument?.currency ? ` (${instrument.currency})` : '';
  const stale = quote?.stale === true;
  const marketOrdersPaused = (stale || marketClosed !== null) && type === 'market';
  const unit = instrument ? contractUnit(instrument) : { one: 'unit', many: 'units' };
  const contractSize = instrument?.contractSize;

  // Sizing: the account's book and equity with the engine's buying-power rule.
  const bySymbol = useMemo(() => new Map(instruments.map((item) => [item.symbol, item])), [instruments]);
  const sizing = useMemo(
    () =>
      account
        ? sizingContext({
            account,
            rates: accountRates(account),
            instruments: bySymbol,
            quotes: quotes ?? new Map(),
          })
        : null,
    [account, bySymbol, quotes],
  );
  const rate = sizing?.rateOf(instrument?.currency) ?? null;
  const quantity = parseDecimal(texts.quantity);
  const price = type === 'market' ? null : parseDecimal(texts.price);
  /** The price the order would fill at: the ask or bid now, or the limit or stop price typed. */
  const entry = type === 'market' ? (quote ? marketFillPrice(side, quote) : null) : price;
  const canSize =
    sizing !== null && steps !== null && contractSize !== undefined && sizing.unitValueOf(symbol) > 0;
  const max = canSize
    ? maxOrderQuantity({
        book: sizing.book,
        order: { symbol, side, type },
        equity: sizing.equity,
        unitValueOf: sizing.unitValueOf,
        lotStep: steps.lotStep,
        minQuantity: steps.minQuantity,
        // A market order pays the spread at once: the server checks on the equity after it.
        costPerUnit:
          type === 'market' && quote && rate !== null
            ? contractValue(quote.ask - quote.bid, contractSize, rate)
            : 0,
      })
    : null;

  const problems: Record<Field, string | null> = {
    quantity: quantityFieldProblem(texts.quantity, steps, max),
    price:
      type === 'market'
        ? null
        : priceFieldProblem(texts.price, {
            name: `${type} price`,
            label: 'Price',
            required: true,
            steps,
          }),
    stopLoss: priceFieldProblem(texts.stopLoss, { name: 'stop-loss', label: 'Stop-loss', steps }),
    takeProfit: priceFieldProblem(texts.takeProfit, { name: 'take-profit', label: 'Take-profit', steps }),
  };
  // Levels on the wrong side of the entry: the server's own sentence, before it is asked.
  const stopLoss = problems.stopLoss ? null : parseDecimal(texts.stopLoss);
  const takeProfit = problems.takeProfit ? null : parseDecimal(texts.takeProfit);
  if (entry !== null && !problems.price) {
    const wrongSide = protectionProblem({ side, reference: entry, stopLoss, takeProfit });
    if (wrongSide) problems[wrongSide.path] ??= wrongSide.message;
  }
  /** A field's error shows once it has text, was edited, or a send was tried; the server's first. */
  const shown = (field: Field): string | null =>
    serverErrors[field] ?? (texts[field].trim() || touched.has(field) || attempted ? problems[field] : null);
  const anyShown = ORDER_FIELDS.some((field) => shown(field) !== null);
  const valid = ORDER_FIELDS.every((field) => problems[field] === null);

  const edit = (field: Field) => (text: string) => {
    setTexts((current) => ({ ...current, [field]: text }));
    setTouched((current) => new Set(current).add(field));
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const changeSymbol = (next: string) => {
    onSymbolChange(next);
    // A quantity that fit the last instrument may be off this one's lot step: start this one afresh.
    const nextSteps = stepsOf(instruments.find((item) => item.symbol === next));
    const typed = parseDecimal(texts.quantity);
    setTexts((current) => ({
      ...current,
      quantity:
        nextSteps && (typed === null || quantityProblem(nextSteps, typed))
          ? plainNumber(firstQuantity(nextSteps))
          : current.quantity,
      price: '',
      stopLoss: '',
      takeProfit: '',
    }));
    setTouched(new Set());
    setAttempted(false);
    setServerErrors(noErrors);
  };

  const submit = async () => {
    // One click, one order: a second click (or Enter) while one is on its way is ignored.
    if (sending.current || disabledReason !== null || marketOrdersPaused) return;
    setAttempted(true);
    if (!valid || quantity === null) return;
    const order: OrderRequest = {
      symbol,
      side,
      type,
      quantity,
      price: type === 'market' ? undefined : (price ?? undefined),
      stopLoss: stopLoss ?? undefined,
      takeProfit: takeProfit ?? undefined,
    };
    sending.current = true;
    setServerErrors(noErrors);
    try {
      await placeOrder.mutateAsync(order);
      setTexts((current) => ({ ...current, price: '', stopLoss: '', takeProfit: '' }));
      setTouched(new Set());
      setAttempted(false);
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        const next: Partial<Record<Field, string>> = {};
        for (const detail of error.details) {
          const field = ORDER_FIELDS.find((name) => name === detail.path);
          if (field && !next[field]) next[field] = detail.message;
        }
        setServerErrors(next);
      }
    } finally {
      sending.current = false;
    }
  };

  const fieldItem = (field: Field, label: string) => ({
    id: `${id}-${field}`,
    label,
    error: shown(field),
  });
  const numberField = (
    field: Field,
    options: {
      step?: number;
      min?: number;
      placeholder?: string;
      describedBy?: string;
      suffix?: string;
    } = {},
  ) => (
    <NumberField
      id={`${id}-${field}`}
      value={texts[field]}
      onChange={edit(field)}
      invalid={shown(field) !== null}
      {...options}
    />
  );

  const lots = quantity !== null && !problems.quantity ? quantity : null;
  const notional =
    lots !== null && entry !== null && rate !== null && contractSize !== undefined
      ? lots * contractValue(entry, contractSize, rate)
      : null;
  const margin =
    lots !== null && canSize
      ? orderMargin(orderExposure(sizing.book, { symbol, side, type, quantity: lots }, sizing.unitValueOf))
      : null;
  const currency = sizing?.currency ?? account?.account.currency;
  const money = (value: number | null) => (value === null || !currency ? '—' : formatMoney(value, currency));
  const stopLossDistance =
    stopLoss !== null && entry !== null && tick ? roundToStep(Math.abs(entry - stopLoss), tick) : null;

  return (
    <form
      ref={formRef}
      className="cw-trading__ticket"
      aria-label="Order ticket"
      // The ticket checks its fields itself, in its own words: not the browser's bubbles.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      // Enter in a field would submit the form at once (a market order, no second look): it stays
      // the focused button's own key. An order from the keyboard goes through Tab to Buy or Sell.
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <fieldset className="cw-ticket__controls" disabled={disabledReason !== null}>
        <PlainField id={`${id}-instrument`} label="Instrument">
          <select
            id={`${id}-instrument`}
            className="cw-plain-select"
            value={symbol}
            onChange={(event) => changeSymbol(event.target.value)}
          >
            {instruments.map((item) => (
              <option key={item.symbol} value={item.symbol}>
                {`${item.symbol} · ${item.name}`}
              </option>
            ))}
          </select>
        </PlainField>
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
          <PlainAlert
            type="warning"
            className="cw-trading__stale"
            // Said at once, as antd's Alert was: the Buy button has just stopped working.
            role="alert"
            message={`Prices for ${symbol} have stopped arriving`}
            description="Nothing fills until they are back, so market orders are paused. Try again in a moment."
          />
        ) : null}
        {marketClosed ? (
          <PlainAlert
            type="info"
            className="cw-trading__market-closed"
            // The countdown changes every minute: a status, not an alert read out each time.
            role="status"
            message={marketClosed}
            description="Limit and stop orders wait for the open."
          />
        ) : null}
        <div className="cw-plain-field">
          <PlainChoice
            label="Side"
            showLabel
            variant="solid"
            block
            className="cw-trading__sides"
            value={side}
            onChange={setSide}
            options={[
              { value: 'buy', label: 'Buy' },
              { value: 'sell', label: 'Sell' },
            ]}
          />
        </div>
        <div className="cw-plain-field">
          <PlainChoice<OrderType>
            label="Order type"
            showLabel
            block
            value={type}
            onChange={(next) => {
              setType(next);
              setServerErrors(noErrors);
            }}
            options={[
              { value: 'market', label: 'Market' },
              { value: 'limit', label: 'Limit' },
              { value: 'stop', label: 'Stop' },
            ]}
          />
        </div>
        <PlainField
          {...fieldItem('quantity', 'Quantity')}
          // Its id is `${id}-quantity-hint`, which the quantity names as its description.
          extra={steps && contractSize !== undefined ? lotHint({ ...steps, contractSize, unit }) : undefined}
        >
          {numberField('quantity', {
            step: steps?.lotStep ?? 1,
            min: steps?.minQuantity,
            suffix: 'lots',
            describedBy: steps && contractSize !== undefined ? `${id}-quantity-hint` : undefined,
          })}
        </PlainField>
        {type !== 'market' ? (
          <PlainField {...fieldItem('price', `${type === 'limit' ? 'Limit price' : 'Stop price'}${inQuote}`)}>
            {numberField('price', { step: tick, min: tick })}
          </PlainField>
        ) : null}
        <div className="cw-trading__protect">
          <PlainField {...fieldItem('stopLoss', `Stop-loss${inQuote}`)}>
            {numberField('stopLoss', { step: tick, min: tick, placeholder: 'Optional' })}
          </PlainField>
          <PlainField {...fieldItem('takeProfit', `Take-profit${inQuote}`)}>
            {numberField('takeProfit', { step: tick, min: tick, placeholder: 'Optional' })}
          </PlainField>
        </div>
        {steps && contractSize !== undefined ? (
          <dl className="cw-ticket__sizing" aria-label="Order size">
            <div>
              <dt>Size</dt>
              <dd>
                {lots !== null
                  ? `${formatLots(lots)} = ${formatUnits(roundToStep(lots * contractSize, 1e-8), unit)}`
                  : '—'}
              </dd>
            </div>
            <div>
              <dt>Notional</dt>
              <dd>{money(notional)}</dd>
            </div>
            <div>
              <dt>Margin</dt>
              <dd>
                {money(margin)}
                {margin === 0 && lots !== null ? (
                  <span className="cw-ticket__note"> reduces your position</span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Max</dt>
              <dd>
                {max !== null ? formatLots(max) : '—'}
                {max !== null && max > 0 && disabledReason === null ? (
                  <button
                    type="button"
                    className="cw-ticket__link cw-ticket__use-max"
                    onClick={() => edit('quantity')(plainNumber(max))}
                    aria-label={`Use the maximum, ${formatLots(max)}`}
                  >
                    Use
                  </button>
                ) : null}
              </dd>
            </div>
          </dl>
        ) : null}
        {steps && contractSize !== undefined && sizing ? (
          <RiskSizer
            equity={sizing.equity}
            currency={sizing.currency}
            quoteCurrency={instrument?.currency}
            contractSize={contractSize}
            rate={rate}
            steps={steps}
            stopLossDistance={stopLossDistance}
            onUse={(next) => edit('quantity')(plainNumber(next))}
          />
        ) : null}
        {disabledReason ? <p className="cw-trading__ticket-note">{disabledReason}</p> : null}
        {/* PlainButton is type="button" only; this is its primary look (red for a sell) as the submit. */}
        <button
          ref={submitRef}
          type="submit"
          className={[
            'cw-plain-button',
            'cw-plain-button--primary',
            'cw-trading__submit',
            side === 'sell' ? 'cw-trading__submit--sell' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          disabled={marketOrdersPaused || anyShown || placeOrder.isPending}
          aria-busy={placeOrder.isPending || undefined}
          // The second click of a double click is not a second order.
          onClick={(event) => {
            if (event.detail > 1) event.preventDefault();
          }}
        >
          {placeOrder.isPending ? <span className="cw-plain-button__busy" aria-hidden="true" /> : null}
          {`${side === 'buy' ? 'Buy' : 'Sell'} ${symbol}`}
        </button>
      </fieldset>
    </form>
  );
}
