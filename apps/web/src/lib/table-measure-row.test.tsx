import { render } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { keepScrollRegionsFocusable } from './focusable-scroll-regions';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Focusable elements inside an aria-hidden subtree that is not inert (axe: aria-hidden-focus). */
function hiddenButFocusable(root: HTMLElement) {
  return [...root.querySelectorAll<HTMLElement>(`[aria-hidden="true"] :is(${FOCUSABLE})`)].filter(
    (element) => !element.closest('[inert]'),
  );
}

describe("antd's measure row in the signed-in frame", () => {
  let stop = () => {};
  afterEach(() => stop());

  it('takes the copy of the select-all checkbox in the hidden measure row out of the tab order', async () => {
    stop = keepScrollRegionsFocusable();
    const { container } = render(
      <Table
        rowKey="id"
        columns={[{ title: 'Symbol', dataIndex: 'symbol', key: 'symbol' }]}
        dataSource={[{ id: '1', symbol: 'AAPL' }]}
        rowSelection={{}}
        scroll={{ x: true }}
      />,
    );
    // The table as antd draws it at 375 px: a measure row copies each column's title, the select-all
    // checkbox included, under aria-hidden.
    expect(container.querySelector('.ant-table-measure-row input[type="checkbox"]')).not.toBeNull();
    await frame();
    await frame();
    expect(hiddenButFocusable(container)).toEqual([]);
    // The real select-all checkbox in the header still works.
    expect(container.querySelector('thead input[type="checkbox"]')?.closest('[inert]')).toBeNull();
  });
});
