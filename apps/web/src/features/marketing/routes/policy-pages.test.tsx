import { render, screen } from '@testing-library/react';
import type React from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import PrivacyPolicyPage from './privacy-policy';
import RefundsCancellationsPage from './refunds-cancellations';
import TermsAndConditionsPage from './terms-and-conditions';

const pages: Array<[string, () => React.JSX.Element]> = [
  ['Terms and Conditions', TermsAndConditionsPage],
  ['Privacy Policy', PrivacyPolicyPage],
  ['Refunds and Cancellations', RefundsCancellationsPage],
];

describe.each(pages)('%s page', (title, Page) => {
  it('has its title as the only h1, the date of the last update and a way to contact us', () => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(title);
    expect(screen.getByText(/Last updated:/)).toHaveTextContent('Last updated: November 21, 2026');
    expect(document.title).toBe(`${title} · Candlewise.app`);
    for (const link of screen.getAllByRole('link', { name: /Contact page/ })) {
      expect(link).toHaveAttribute('href', '/contact');
    }
  });
});
