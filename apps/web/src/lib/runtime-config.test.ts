import { afterEach, describe, expect, it } from 'vitest';
import { getProductsUrl } from './runtime-config';

function setProductsMeta(content: string | null) {
  document.head.querySelector('meta[name="cw:products-url"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'cw:products-url');
  meta.setAttribute('content', content);
  document.head.append(meta);
}

describe('getProductsUrl', () => {
  afterEach(() => setProductsMeta(null));

  it('returns the URL the server wrote into the meta tag', () => {
    setProductsMeta('https://example.com/products');
    expect(getProductsUrl()).toBe('https://example.com/products');
  });

  it('accepts a same-site path', () => {
    setProductsMeta('/sales?from=footer');
    expect(getProductsUrl()).toBe('/sales?from=footer');
  });

  it.each([
    ['missing', null],
    ['empty', '   '],
    ['still the placeholder', '__CW_PRODUCTS_URL__'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['protocol-relative', '//evil.example'],
  ])('falls back to /sales when the value is %s', (_label, content) => {
    setProductsMeta(content);
    expect(getProductsUrl()).toBe('/sales');
  });
});
