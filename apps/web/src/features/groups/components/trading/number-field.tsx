import { plainNumber, roundToStep } from '@candlewise/shared';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { parseDecimal } from '../../lib/order-ticket-fields';

/**
 * A number typed as text: the field keeps exactly what was typed (the ticket checks that text, so
 * `abc` stays `abc` and is never swapped for the last good number), announced as a spin button, and
 * the arrow keys move it by `step` (never under `min`). While `invalid`, it is described by its
 * FieldError.
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
  return (
    <Input
      id={id}
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
      status={invalid ? 'error' : undefined}
      suffix={suffix}
      placeholder={placeholder}
    />
  );
}
