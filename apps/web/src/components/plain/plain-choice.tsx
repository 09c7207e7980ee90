import { type ReactNode, useId } from 'react';
import './plain-choice.css';

/** One option of a PlainChoice: what it sets, what it shows, and an optional tooltip. */
export type PlainChoiceOption<T extends string> = {
  value: T;
  label: ReactNode;
  title?: string;
  disabled?: boolean;
};

/**
 * A single choice among a few options, side by side, without antd (ADR 021): native radio inputs in
 * a fieldset announced as a radio group, so the browser gives the keyboard behaviour for free (Tab
 * enters at the chosen option, the arrow keys move and choose, a disabled fieldset around it
 * disables it). Each input lies invisibly over its option, as antd's do, and the option shows the
 * focus ring while its input has keyboard focus.
 *
 * Two looks: `segmented` (the default) is antd's Segmented, the chosen option raised on a grey
 * track; `solid` is antd's `Radio.Group optionType="button" buttonStyle="solid"`, bordered buttons
 * with the chosen one filled in the brand colour (or red with `tone="danger"`).
 *
 * The group is named by `label`: read out only (aria-label) unless `showLabel` puts it above the
 * options as a form field's label (a legend).
 */
export function PlainChoice<T extends string>({
  label,
  showLabel = false,
  value,
  onChange,
  options,
  variant = 'segmented',
  tone = 'brand',
  block = false,
  size = 'middle',
  name,
  className,
}: {
  /** The group's accessible name: 'Chart timeframe', 'Side'. */
  label: string;
  /** Shows `label` above the options, as a form field's label, instead of only naming the group. */
  showLabel?: boolean;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<PlainChoiceOption<T>>;
  variant?: 'segmented' | 'solid';
  /** The chosen option's colour: the brand's, or the loss red for a dangerous choice. */
  tone?: 'brand' | 'danger';
  /** Fills the row, the options sharing its width equally (antd's `block`). */
  block?: boolean;
  /** antd's sizes: 'middle' is 32 px high, 'small' 24 px. */
  size?: 'middle' | 'small';
  /** The radios' name; one of the page's own by default, so two groups never share arrow keys. */
  name?: string;
  className?: string;
}) {
  const ownName = useId();
  const classes = [
    'cw-plain-choice',
    `cw-plain-choice--${variant}`,
    tone === 'danger' ? 'cw-plain-choice--danger' : '',
    block ? 'cw-plain-choice--block' : '',
    size === 'small' ? 'cw-plain-choice--small' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // A fieldset, so that its legend can name it, announced as the radio group it is (as antd's
    // were): ARIA in HTML allows role radiogroup on a fieldset.
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a group of radios, not a control itself.
    <fieldset role="radiogroup" className={classes} aria-label={showLabel ? undefined : label}>
      {showLabel ? <legend className="cw-plain-choice__legend">{label}</legend> : null}
      <div className="cw-plain-choice__options">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={checked ? 'cw-plain-choice__option is-checked' : 'cw-plain-choice__option'}
              title={option.title}
            >
              <input
                type="radio"
                className="cw-plain-choice__input"
                name={name ?? ownName}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
              />
              <span className="cw-plain-choice__label">{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
