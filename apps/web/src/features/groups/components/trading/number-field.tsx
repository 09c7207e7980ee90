import { plainNumber, roundToStep } from '@candlewise/shared/trading/account-money';
import type { CSSProperties, ReactNode } from 'react';
import { parseDecimal } from '../../lib/order-ticket-fields';
import '@/components/plain/plain-field.css';

/**
 * A number typed as text: the field keeps exactly what was typed (the ticket checks that text, so
 * `abc` stays `abc` and is never swapped for the last good number), announced as a spin button, and
 * the arrow keys move it by `step` (never under `min`). While `invalid`, it is described by its
 * FieldError.
 *
 * A plain `<input class="cw-plain-input">` (ADR 021), so the order ticket loads no antd; it draws as
 * antd's Input, red while `invalid`, and works the same inside an antd `Form.Item` (the stop-loss
 * dialog's). A `suffix` ('lots', '%') sits inside the box, after the text.
 */
export function NumberField({
  id,
  value,
  onChange,
  step,
  min,
  invalid = false,
  describedBy,
  suffix,
  placeholder,
  ariaLabel,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  step?: number;
  min?: number;
  invalid?: boolean;
  describedBy?: string;
  suffix?: ReactNode;
  placeholder?: string;
  ariaLabel?: string;
}) {
  const parsed = parseDecimal(value);
  const stepBy = (direction: 1 | -1) => {
    if (!step) return;
    const next = roundToStep((parsed ?? 0) + direction * step, step);
    onChange(plainNumber(Math.max(min ?? step, next)));
  };
  const input = (
    <input
      id={id}
      type="text"
      className="cw-plain-input"
      role="spinbutton"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          stepBy(event.key === 'ArrowUp' ? 1 : -1);
        }
      }}
      step={step}
      aria-label={ariaLabel}
      aria-valuemin={min}
      aria-valuenow={parsed ?? undefined}
      aria-invalid={invalid || undefined}
      // Its error sentence first (FieldError), then any hint.
      aria-describedby={[invalid ? `${id}-error` : null, describedBy].filter(Boolean).join(' ') || undefined}
      placeholder={placeholder}
    />
  );
  if (suffix === undefined || suffix === null) return input;
  // The input keeps room at its end for the suffix laid over it (plain-field.css): a text suffix's
  // own length, else about two letters.
  const room =
    typeof suffix === 'string' ? ({ '--cw-plain-suffix': `${suffix.length}ch` } as CSSProperties) : undefined;
  return (
    <span className="cw-plain-affix" style={room}>
      {input}
      <span className="cw-plain-affix__suffix">{suffix}</span>
    </span>
  );
}
