import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterPaint } from './lazy-antd';

describe('AfterPaint', () => {
  it('draws the fallback first and the part only once a frame has been drawn', async () => {
    let partRendered = false;
    function Part() {
      partRendered = true;
      return <p>The editor</p>;
    }
    render(
      <AfterPaint fallback={<p>Loading the entry</p>}>
        <Part />
      </AfterPaint>,
    );
    // The part (a lazy chunk in the app) is not even rendered, so its code is not yet asked for.
    expect(screen.getByText('Loading the entry')).toBeInTheDocument();
    expect(partRendered).toBe(false);
    expect(await screen.findByText('The editor')).toBeInTheDocument();
    expect(screen.queryByText('Loading the entry')).not.toBeInTheDocument();
  });
});
