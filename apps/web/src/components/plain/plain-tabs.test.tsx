import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type PlainTabItem, PlainTabs } from './plain-tabs';

const items: PlainTabItem[] = [
  { key: 'one', label: 'One', children: <p>First panel</p> },
  { key: 'two', label: 'Two', children: <button type="button">Inside two</button> },
  { key: 'three', label: 'Three', children: <p>Third panel</p> },
];

/** The tabs with their open tab kept by the caller, as /journal keeps it in the address. */
function Controlled({ onChange, initial = 'one' }: { onChange?: (key: string) => void; initial?: string }) {
  const [active, setActive] = useState(initial);
  return (
    <PlainTabs
      items={items}
      activeKey={active}
      onChange={(key) => {
        onChange?.(key);
        setActive(key);
      }}
      label="Sections"
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('PlainTabs', () => {
  it('renders a tab list of tabs only, with the open tab selected and only its panel drawn', () => {
    render(<Controlled initial="two" />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect([...list.children].map((child) => child.getAttribute('role'))).toEqual(['tab', 'tab', 'tab']);
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    expect(tab('One')).toHaveAttribute('aria-selected', 'false');
    // Only the open tab is in the Tab order (roving tabindex).
    expect(tab('Two')).toHaveAttribute('tabindex', '0');
    expect(tab('One')).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel', { name: 'Two' });
    expect(tab('Two')).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toContainElement(screen.getByRole('button', { name: 'Inside two' }));
    expect(screen.queryByText('First panel')).not.toBeInTheDocument();
    // Each tab controls a panel that exists, empty and hidden while its tab is closed.
    const hidden = document.getElementById(tab('One').getAttribute('aria-controls') ?? '');
    expect(hidden).toHaveAttribute('hidden');
    expect(hidden).toBeEmptyDOMElement();
  });

  it('opens a tab when clicked and tells the caller', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.click(tab('Three'));
    expect(onChange).toHaveBeenCalledWith('three');
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Third panel');
    expect(screen.queryByText('First panel')).not.toBeInTheDocument();

    // Clicking the open tab again changes nothing.
    onChange.mockClear();
    await user.click(tab('Three'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves to and opens tabs with the arrow keys, Home and End, wrapping at the ends', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.tab();
    expect(tab('One')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Two')).toHaveFocus();
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(tab('Three')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Three')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('One')).toHaveFocus();
    expect(onChange.mock.calls.map(([key]) => key)).toEqual(['two', 'three', 'one', 'three', 'one']);

    // Tab leaves the tab list for the open panel's content.
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inside two' })).toHaveFocus();
  });

  it('keeps the open tab itself without activeKey, and asks a lazy panel to load when pointed at', async () => {
    const preload = vi.fn();
    const user = userEvent.setup();
    render(<PlainTabs defaultActiveKey="two" items={[...items.slice(0, 2), { ...items[2], preload }]} />);
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    await user.hover(tab('Three'));
    expect(preload).toHaveBeenCalled();
    await user.click(tab('Three'));
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Third panel');
  });

  it('scrolls a list too narrow for its tabs to show the open one', () => {
    const { rerender } = render(<PlainTabs activeKey="one" items={items} />);
    const list = screen.getByRole('tablist');
    // jsdom lays nothing out: a 100 px list whose third tab sits at 150–200 px.
    list.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, width: 100, height: 46 });
    tab('Three').getBoundingClientRect = () => DOMRect.fromRect({ x: 150, width: 50, height: 46 });
    rerender(<PlainTabs activeKey="three" items={items} />);
    expect(list.scrollLeft).toBe(100);
  });

  it('opens the first tab when the asked-for one does not exist', () => {
    render(<PlainTabs activeKey="missing" items={items} />);
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');
    expect(tab('One')).toHaveAttribute('tabindex', '0');
  });
});
