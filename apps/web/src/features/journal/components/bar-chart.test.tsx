import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

describe('BarChart', () => {
  it('keeps its title when there is nothing to draw, so an empty card still says what it is', () => {
    render(<BarChart title="P&L by mistake tag" bars={[]} />);
    expect(screen.getByText('P&L by mistake tag')).toBeInTheDocument();
    expect(screen.getByText('No trades to show.')).toBeInTheDocument();
  });

  it('names each bar with its value for a screen reader', () => {
    render(
      <BarChart
        title="P&L by setup tag"
        bars={[
          { label: 'breakout', value: 300 },
          { label: 'pullback', value: -150 },
        ]}
        format={(value) => String(value)}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'P&L by setup tag: breakout 300, pullback -150' }),
    ).toBeInTheDocument();
  });
});
