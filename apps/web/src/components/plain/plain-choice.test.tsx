import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainChoice } from './plain-choice';

type Frame = '1m' | '5m' | '1h';

/** A choice whose value the caller keeps, as the desk keeps its timeframe. */
function Controlled({ onChange, showLabel }: { onChange?: (value: Frame) => void; showLabel?: boolean }) {
  const [value, setValue] = useState<Frame>('5m');
  return (
    <>
      <PlainChoice<Frame>
        label="Chart timeframe"
        showLabel={showLabel}
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
        options={[
          { value: '1m', label: '1m', title: '1 minute' },
          { value: '5m', label: '5m' },
          { value: '1h', label: '1h' },
        ]}
        size="small"
      />
      <button type="button">After</button>
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });

describe('PlainChoice', () => {
  it('is a radio group named by its label, the chosen option checked', () => {
    const { unmount } = render(<Controlled />);
    const group = screen.getByRole('radiogroup', { name: 'Chart timeframe' });
    // Named for screen readers only: no visible label.
    expect(group).not.toHaveTextContent('Chart timeframe');
    expect(radio('5m')).toBeChecked();
    expect(radio('1m')).not.toBeChecked();
    expect(radio('1m').closest('label')).toHaveAttribute('title', '1 minute');
    expect(radio('5m').closest('label')).toHaveClass('is-checked');
    unmount();

    // With showLabel, the name is a legend shown above the options.
    render(<Controlled showLabel />);
    const shown = screen.getByRole('radiogroup', { name: 'Chart timeframe' });
    expect(shown.querySelector('legend')).toHaveTextContent('Chart timeframe');
  });

  it('chooses an option when its words are clicked, and tells the caller once', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.click(screen.getByText('1h'));
    expect(onChange.mock.calls).toEqual([['1h']]);
    expect(radio('1h')).toBeChecked();
    expect(radio('1h').closest('label')).toHaveClass('is-checked');
    expect(radio('5m').closest('label')).not.toHaveClass('is-checked');
  });

  it('is one Tab stop, and the arrow keys move and choose', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.tab();
    expect(radio('5m')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(radio('1h')).toHaveFocus();
    expect(radio('1h')).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(radio('1m')).toHaveFocus();
    expect(radio('1m')).toBeChecked();
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['1h', '5m', '1m']);
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('keeps two groups’ arrow keys apart', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Controlled />
        <PlainChoice
          label="Side"
          value="buy"
          onChange={() => undefined}
          options={[
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell' },
          ]}
        />
      </>,
    );
    expect(radio('5m')).toBeChecked();
    expect(radio('Buy')).toBeChecked();
    await user.click(screen.getByText('1h'));
    expect(radio('Buy')).toBeChecked();
  });
});
