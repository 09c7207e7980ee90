import type { ReactNode } from 'react';
import './plain-table.css';

export type PlainColumn<Row> = {
  key: string;
  /** The column's heading; a column of buttons gives a visually hidden one ('Actions'). */
  title: ReactNode;
  /** Numbers and buttons sit on the right, as antd's `align: 'right'`. */
  align?: 'right';
  render: (row: Row) => ReactNode;
};

/**
 * antd's small Table (no pagination) as a plain `<table>`, for the parts of a page that paint before
 * antd loads (ADR 021): a header row of `th scope="col"`, one row per item, and a single cell that
 * says so when there are none. Wider than its box (a phone), it scrolls sideways inside it.
 */
export function PlainTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  minWidth,
  className,
}: {
  /** What the table lists, for screen readers (visually hidden: a tab or heading already says it). */
  caption: string;
  columns: PlainColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The one line shown when there are no rows: 'No open positions'. */
  empty: string;
  /** The narrowest the table gets before it scrolls, in pixels (antd's `scroll.x`). */
  minWidth?: number;
  className?: string;
}) {
  const align = (column: PlainColumn<Row>) =>
    column.align === 'right' ? 'cw-plain-table__right' : undefined;
  return (
    <section
      className={className ? `cw-plain-table-box cw-scroll-x ${className}` : 'cw-plain-table-box cw-scroll-x'}
      // A box that scrolls sideways (a phone) must be reachable by keyboard even when its rows hold
      // no button (an empty table): a named region in the Tab order (axe: scrollable-region-focusable).
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable so that the keyboard can scroll it
      tabIndex={0}
    >
      <table className="cw-plain-table" style={minWidth ? { minWidth } : undefined}>
        <caption className="cw-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={align(column)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="cw-plain-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={align(column)}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
