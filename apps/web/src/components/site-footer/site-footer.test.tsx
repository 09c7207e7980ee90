import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

function setProductsMeta(content: string) {
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'cw:products-url');
  meta.setAttribute('content', content);
  document.head.append(meta);
}

function renderFooter() {
  return render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
}

describe('SiteFooter', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="cw:products-url"]')?.remove();
  });

  it('links to the five site pages and to the configured products page in a new tab', () => {
    setProductsMeta('https://products.example.com/candlewise');
    renderFooter();

    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(6);

    const expected: Array<[string, string]> = [
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Refunds and Cancellations', '/refunds-cancellations'],
      ['Pricing', '/pricing'],
      ['Contact Us', '/contact'],
    ];
    for (const [name, href] of expected) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }

    const external = within(nav).getByRole('link', { name: /Products\/Services Offered/ });
    expect(external).toHaveAttribute('href', 'https://products.example.com/candlewise');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAccessibleName('Products/Services Offered (opens in a new tab)');
  });

  it('points the products link at /sales while the server has not replaced the placeholder', () => {
    setProductsMeta('__CW_PRODUCTS_URL__');
    renderFooter();
    expect(screen.getByRole('link', { name: /Products\/Services Offered/ })).toHaveAttribute(
      'href',
      '/sales',
    );
  });

  it('shows the copyright for the current year', () => {
    renderFooter();
    expect(screen.getByText(`© ${new Date().getFullYear()} Candlewise`)).toBeInTheDocument();
  });
});
