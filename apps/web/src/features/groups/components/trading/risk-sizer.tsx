import type { InstrumentSteps } from '@candlewise/shared/trading/account-money';
import { riskQuantity } from '@candlewise/shared/trading/order-sizing';
import { useId, useState } from 'react';
import { PlainButton } from '@/components/plain/plain-button';
import { PlainField } from '@/components/plain/plain-field';
import { parseDecimal } from '../../lib/order-ticket-fields';
import { formatLots, formatMoney } from '../../lib/trading-format';
import { NumberField } from './number-field';

/**
 * The risk calculator: how many lots lose a chosen percent of equity if the stop is hit. The stop
 * distance is typed in the quote currency, or taken from the ticket's stop-loss; "Use" fills the
 * ticket's quantity. Plain markup (ADR 021): it draws inside the order ticket, which loads no antd.
 */
export function RiskSizer({
  equity,
  currency,
  quoteCurrency,
  contractSize,
  rate,
  steps,
  stopLossDistance,
  onUse,
}: {
  equity: number;
  currency: string;
  quoteCurrency: string | undefined;
  contractSize: number;
  /** Quote currency → account currency, or null when unknown. */
  rate: number | null;
  steps: InstrumentSteps;
  /** How far the ticket's stop-loss is from the entry, when one is set. */
  stopLossDistance: number | null;
  onUse: (quantity: number) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [riskText, setRiskText] = useState('1');
  const [distanceText, setDistanceText] = useState('');
  const risk = parseDecimal(riskText);
  const typedDistance = parseDecimal(distanceText);
  const distance = distanceText.trim() ? typedDistance : stopLossDistance;
  const riskProblem =
    risk === null || risk <= 0 || risk > 100 ? 'Enter a percent between 0 and 100, like 1.' : null;
  const distanceProblem =
    distanceText.trim() && (typedDistance === null || typedDistance <= 0)
      ? 'Enter how far the stop is from the entry, like 0.0050.'
      : null;
  const sized =
    !riskProblem && !distanceProblem && distance !== null && rate !== null
      ? riskQuantity({
          equity,
          riskPercent: risk!,
          stopDistance: distance,
          contractSize,
          rate,
          lotStep: steps.lotStep,
          minQuantity: steps.minQuantity,
        })
      : null;
  const budget = risk !== null && !riskProblem ? (equity * risk) / 100 : null;
  const inQuote = quoteCurrency ? ` (${quoteCurrency})` : '';

  let result: string | null = null;
  if (rate === null) result = 'Sizing by risk needs the current exchange rate; it arrives with your account.';
  else if (budget !== null && distance === null)
    result = 'Enter the stop distance, or set a stop-loss in the ticket.';
  else if (budget !== null && distance !== null && !distanceProblem)
    result = sized
      ? `${formatLots(sized.quantity)} ${sized.quantity === 1 ? 'loses' : 'lose'} ${formatMoney(sized.risk, currency)} at the stop (at most ${formatMoney(budget, currency)}).`
      : `Even the smallest order (${formatLots(steps.minQuantity)}) risks more than ${formatMoney(budget, currency)} at that stop.`;

  return (
    <div className="cw-ticket__risk">
      <button
        type="button"
        className="cw-ticket__link cw-ticket__risk-toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide the risk calculator' : 'Size by risk'}
      </button>
      {open ? (
        <fieldset id={`${id}-panel`} className="cw-ticket__risk-panel">
          <legend className="cw-ticket__risk-legend">Size by risk</legend>
          <div className="cw-ticket__pair">
            <PlainField id={`${id}-risk`} label="Risk (% of equity)" error={riskProblem}>
              <NumberField
                id={`${id}-risk`}
                value={riskText}
                onChange={setRiskText}
                step={0.25}
                min={0.25}
                invalid={Boolean(riskProblem)}
                suffix="%"
              />
            </PlainField>
            <PlainField id={`${id}-distance`} label={`Stop distance${inQuote}`} error={distanceProblem}>
              <NumberField
                id={`${id}-distance`}
                value={distanceText}
                onChange={setDistanceText}
                step={steps.tickSize}
                min={steps.tickSize}
                invalid={Boolean(distanceProblem)}
                placeholder={stopLossDistance !== null ? `${stopLossDistance} (stop-loss)` : undefined}
              />
            </PlainField>
          </div>
          {result ? <p className="cw-ticket__risk-result">{result}</p> : null}
          {sized ? (
            <PlainButton className="cw-ticket__risk-use" onClick={() => onUse(sized.quantity)}>
              {`Use ${formatLots(sized.quantity)}`}
            </PlainButton>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
