import type { ReactNode } from 'react';
import './plain-field.css';

/**
 * A field's one error sentence under it: read out when it appears (role alert), and named by the
 * field's aria-describedby (`${fieldId}-error`, see NumberField's `invalid`).
 */
export function FieldError({ fieldId, message }: { fieldId: string; message: string | null }) {
  if (!message) return null;
  return (
    <span id={`${fieldId}-error`} role="alert">
      {message}
    </span>
  );
}

/**
 * antd's vertical `Form.Item` in plain markup (ADR 021): the label above its control, an optional
 * hint under it and the field's one error sentence (FieldError: read out as it appears, named by the
 * control's `aria-describedby` as `${id}-error`). The control is the caller's (a `cw-plain-input`,
 * a `cw-plain-select`, NumberField): it carries the `id` the label points at, its own
 * `aria-invalid`, and `aria-describedby` naming `${id}-error` and, when there is one, `${id}-hint`.
 */
export function PlainField({
  id,
  label,
  extra,
  error = null,
  className,
  children,
}: {
  /** The control's id: the label's `htmlFor`, and the stem of `${id}-error` and `${id}-hint`. */
  id: string;
  label: ReactNode;
  /** A hint under the control (antd's `extra`), its id `${id}-hint` for the control to name. */
  extra?: ReactNode;
  /** The one sentence that says what is wrong, or null while nothing is. */
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['cw-plain-field', error ? 'cw-plain-field--error' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className="cw-plain-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {/* The error before the hint, as antd lays them out. */}
      {error ? (
        <div className="cw-plain-field__error">
          <FieldError fieldId={id} message={error} />
        </div>
      ) : null}
      {extra !== undefined && extra !== null ? (
        <div className="cw-plain-field__extra" id={`${id}-hint`}>
          {extra}
        </div>
      ) : null}
    </div>
  );
}
