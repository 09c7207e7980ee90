import { describe, expect, it } from 'vitest';
import { canonicalUrl, safeHttpUrl, summaryText } from './feed-text.ts';

describe('summaryText', () => {
  it('keeps the words of HTML and drops scripts, styles, handlers and tags', () => {
    const text = summaryText(
      '<p>Gold <b>rises</b> &amp; <a href="javascript:alert(1)">falls</a></p><script>alert("x")</script><style>p{}</style><img src=x onerror="alert(1)"><p>Next</p>',
    );
    expect(text).toBe('Gold rises & falls Next');
  });

  it('cuts long text at a word with an ellipsis', () => {
    const text = summaryText(`${'word '.repeat(200)}`);
    expect(text.length).toBeLessThanOrEqual(601);
    expect(text.endsWith('word…')).toBe(true);
  });
});

describe('canonicalUrl', () => {
  it('identifies the same article behind tracking parameters, fragments, www and trailing slashes', () => {
    const one = canonicalUrl('https://WWW.Example.com/news/a/?utm_source=rss&id=3#top');
    expect(one).toBe('example.com/news/a?id=3');
    expect(canonicalUrl('http://example.com/news/a?id=3')).toBe(one);
    expect(canonicalUrl('javascript:alert(1)')).toBeNull();
  });

  it('lets only http(s) links through', () => {
    expect(safeHttpUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl('/relative')).toBeNull();
  });
});
