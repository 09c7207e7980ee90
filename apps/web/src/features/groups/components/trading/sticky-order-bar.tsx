import { useEffect, useId, useState } from 'react';
import type { Quote } from '../../api/use-competition-stream';
import { formatPrice } from '../../lib/trading-format';
import './sticky-order-bar.css';

/**
 * What the sticky header (64 px) and, at the bottom, the navigation (57 px) and the bar (about
 * 65 px) cover: the ticket's own button counts as on screen only between them.
 */
const UNCOVERED = '-64px 0px -130px 0px';

/**
 * A phone's sticky Buy/Sell bar (issue #43): above the bottom navigation, the instrument's bid and
 * ask with Sell and Buy, so the way to an order is on the first screen wherever the page is
 * scrolled. A tap only opens the ticket (scrolled into view, that side chosen, Quantity focused):
 * the order is still sent from the ticket, after its fields are seen. While the ticket's own send
 * button is on screen the bar steps aside.
 */
export function StickyOrderBar({
  symbol,
  quote,
  tickSize,
  onOpen,
  watch,
}: {
  symbol: string;
  quote: Quote | undefined;
  tickSize?: number;
  /** Opens the ticket with this side chosen. */
  onOpen: (side: 'buy' | 'sell') => void;
  /** The ticket's send button: the bar hides while it is on screen. */
  watch: () => Element | null;
}) {
  const hintId = useId();
  const [ticketOnScreen, setTicketOnScreen] = useState(false);

  useEffect(() => {
    const target = watch();
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setTicketOnScreen(entry.isIntersecting && entry.intersectionRatio >= 0.99);
      },
      { rootMargin: UNCOVERED, threshold: [0, 0.99, 1] },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);

  const price = (value: number | undefined) => (value === undefined ? '—' : formatPrice(value, tickSize));
  return (
    <section
      className={ticketOnScreen ? 'cw-order-bar cw-order-bar--aside' : 'cw-order-bar'}
      aria-label={`Trade ${symbol}`}
      // Out of the way (and out of the tab order) while the ticket's own button is on screen.
      aria-hidden={ticketOnScreen || undefined}
      inert={ticketOnScreen || undefined}
      data-testid="order-bar"
    >
      <p id={hintId} className="cw-visually-hidden">
        Opens the order ticket with that side chosen; nothing is sent until you confirm there.
      </p>
      <button
        type="button"
        className="cw-order-bar__side cw-order-bar__side--sell"
        aria-describedby={hintId}
        onClick={() => onOpen('sell')}
      >
        <span className="cw-order-bar__action">Sell</span>
        <span className="cw-order-bar__price">Bid {price(quote?.bid)}</span>
      </button>
      <span className="cw-order-bar__symbol">{symbol}</span>
      <button
        type="button"
        className="cw-order-bar__side cw-order-bar__side--buy"
        aria-describedby={hintId}
        onClick={() => onOpen('buy')}
      >
        <span className="cw-order-bar__action">Buy</span>
        <span className="cw-order-bar__price">Ask {price(quote?.ask)}</span>
      </button>
    </section>
  );
}
