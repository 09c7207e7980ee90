import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MarkdownText, parseBlocks, safeLinkTarget } from './markdown-text';

function renderMarkdown(source: string) {
  const view = render(
    <MemoryRouter>
      <MarkdownText source={source} />
    </MemoryRouter>,
  );
  return view.container.querySelector('.cw-markdown')!;
}

describe('MarkdownText', () => {
  it('renders paragraphs, keeping single line breaks', () => {
    const root = renderMarkdown('First line\nsecond line\n\nAnother paragraph');
    const paragraphs = root.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0].innerHTML).toBe('First line<br>second line');
    expect(paragraphs[1]).toHaveTextContent('Another paragraph');
  });

  it('renders bold, italic and code inline', () => {
    const root = renderMarkdown('Risk **5%** of *peak* equity with `stop-loss` and __care__ and _calm_');
    expect(root.querySelector('strong')).toHaveTextContent('5%');
    expect(root.querySelectorAll('strong')[1]).toHaveTextContent('care');
    expect(root.querySelector('em')).toHaveTextContent('peak');
    expect(root.querySelectorAll('em')[1]).toHaveTextContent('calm');
    expect(root.querySelector('code')).toHaveTextContent('stop-loss');
    expect(root).toHaveTextContent('Risk 5% of peak equity with stop-loss and care and calm');
  });

  it('nests emphasis and leaves unmatched or word-inner delimiters as text', () => {
    const root = renderMarkdown('*all **in** one* · 2 * 3 * 4 · snake_case_name · **open');
    expect(root.querySelector('em > strong')).toHaveTextContent('in');
    expect(root).toHaveTextContent('all in one · 2 * 3 * 4 · snake_case_name · **open');
    expect(root.querySelectorAll('em')).toHaveLength(1);
  });

  it('keeps markdown inside code spans literal and honours backslash escapes', () => {
    const root = renderMarkdown('`**not bold**` and \\*literal\\*');
    expect(root.querySelector('code')).toHaveTextContent('**not bold**');
    expect(root.querySelector('strong')).toBeNull();
    expect(root).toHaveTextContent('**not bold** and *literal*');
  });

  it('renders unordered and ordered lists', () => {
    const root = renderMarkdown('- Starting balance\n* **5%** freeze\n+ Ranked live\n\n3. Join\n4. Trade');
    const bullets = root.querySelectorAll('ul > li');
    expect([...bullets].map((item) => item.textContent)).toEqual([
      'Starting balance',
      '5% freeze',
      'Ranked live',
    ]);
    expect(bullets[1].querySelector('strong')).toHaveTextContent('5%');
    const ordered = root.querySelector('ol')!;
    expect(ordered).toHaveAttribute('start', '3');
    expect([...ordered.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Join', 'Trade']);
  });

  it('renders #, ## and ### headings one level apart, starting at the given level', () => {
    renderMarkdown('# Rules\n## Freeze\n### Details\n#### Not a heading');
    expect(screen.getByRole('heading', { level: 3, name: 'Rules' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Freeze' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 5, name: 'Details' })).toBeInTheDocument();
    expect(screen.getByText('#### Not a heading')).toBeInTheDocument();
  });

  it('opens http(s) links in a new tab without opener or referrer, and keeps relative links in the app', () => {
    renderMarkdown('Read [the rules](https://candlewise.app/rules) or [your groups](/group).');
    const external = screen.getByRole('link', { name: 'the rules' });
    expect(external).toHaveAttribute('href', 'https://candlewise.app/rules');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const internal = screen.getByRole('link', { name: 'your groups' });
    expect(internal).toHaveAttribute('href', '/group');
    expect(internal).not.toHaveAttribute('target');
  });

  it('shows <script> as text and never creates an element from it', () => {
    const root = renderMarkdown('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root).toHaveTextContent('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>');
  });

  it.each([
    '[click me](javascript:alert(1))',
    '[click me](JavaScript:alert(document.cookie))',
    '[click me](data:text/html;base64,PHNjcmlwdD4=)',
    '[click me](vbscript:msgbox)',
    '[click me](//evil.example.com)',
    '[click me](java\tscript:alert(1))',
  ])('leaves %s as plain text, not a link', (source) => {
    const root = renderMarkdown(`Before ${source} after`);
    expect(root.querySelector('a')).toBeNull();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(root).toHaveTextContent('Before click me after');
  });

  it('renders quotes and fenced code verbatim', () => {
    const root = renderMarkdown('> Cut losses early\n\n```\n**raw** <b>\n```');
    expect(root.querySelector('blockquote')).toHaveTextContent('Cut losses early');
    expect(root.querySelector('pre > code')).toHaveTextContent('**raw** <b>');
    expect(root.querySelector('b')).toBeNull();
  });

  // The hand-written renderer's regexes could backtrack on unclosed markers; the library's parser is
  // a state machine. What a reader notices is that such text comes out whole, as text.
  it('renders pathological input whole, as text', { timeout: 60_000 }, () => {
    const source = '*a _b [c `d '.repeat(2000);
    const root = renderMarkdown(source);
    // Backticks pair into code spans (their text stays); every other character is shown as typed.
    expect(root.textContent?.replace(/\s+/g, ' ').trim()).toBe(source.replaceAll('`', '').trim());
  });
});

describe('parseBlocks', () => {
  it('reads the seeded competition description', () => {
    expect(
      parseBlocks(
        'Two weeks of **paper trading**.\n\n- Starting balance: ₹1,00,000\n- A drawdown of **5%** freezes\n  the account',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Two weeks of **paper trading**.' },
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: ['Starting balance: ₹1,00,000', 'A drawdown of **5%** freezes\nthe account'],
      },
    ]);
  });
});

describe('safeLinkTarget', () => {
  it.each([
    ['https://example.com/a?b=c', { href: 'https://example.com/a?b=c', external: true }],
    ['HTTP://example.com', { href: 'HTTP://example.com', external: true }],
    ['/group/g1/leaderboard', { href: '/group/g1/leaderboard', external: false }],
    ['#rules', { href: '#rules', external: false }],
    ['../pricing', { href: '../pricing', external: false }],
  ])('allows %s', (url, target) => {
    expect(safeLinkTarget(url)).toEqual(target);
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'jav\u0000ascript:alert(1)',
    'mailto:someone@example.com',
    'data:text/html,hi',
    '//evil.example.com',
    '/\\evil.example.com',
    'https://',
    '',
  ])('refuses %j', (url) => {
    expect(safeLinkTarget(url)).toBeNull();
  });
});

describe('MarkdownText, as CommonMark and GitHub read it', () => {
  it('renders ***a*** as bold and italic at once', () => {
    const root = renderMarkdown('Cut ***losses*** early');
    expect(root.querySelector('em > strong, strong > em')).toHaveTextContent('losses');
    expect(root).toHaveTextContent('Cut losses early');
  });

  it('keeps a list indented under an item inside that item', () => {
    const root = renderMarkdown('- Plan\n  - Entry\n  - Exit\n- Review\n\n1. Size\n   1. Risk 1%');
    const outer = root.querySelectorAll(':scope > ul > li');
    expect([...outer].map((item) => item.firstChild?.textContent)).toEqual(['Plan', 'Review']);
    expect([...outer[0].querySelectorAll('ul > li')].map((item) => item.textContent)).toEqual([
      'Entry',
      'Exit',
    ]);
    expect(root.querySelector(':scope > ol > li > ol > li')).toHaveTextContent('Risk 1%');
  });

  it('renders # as the given heading level', () => {
    render(
      <MemoryRouter>
        <MarkdownText source={'# Rules\n## Freeze'} headingLevel={2} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Rules' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Freeze' })).toBeInTheDocument();
  });

  it('renders tables, strikethrough, task lists and bare web addresses', () => {
    const root = renderMarkdown(
      [
        '| Symbol | Side |',
        '| --- | --- |',
        '| NIFTY | Long |',
        '',
        '~~Average down~~ never.',
        '',
        '- [x] Journal the trade',
        '- [ ] Review the week',
        '',
        'See www.example.com for more.',
      ].join('\n'),
    );
    expect([...root.querySelectorAll('table th')].map((cell) => cell.textContent)).toEqual([
      'Symbol',
      'Side',
    ]);
    expect([...root.querySelectorAll('table td')].map((cell) => cell.textContent)).toEqual(['NIFTY', 'Long']);
    expect(root.querySelector('del')).toHaveTextContent('Average down');
    const boxes = root.querySelectorAll<HTMLInputElement>('li input[type="checkbox"]');
    expect([...boxes].map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    const link = screen.getByRole('link', { name: 'www.example.com' });
    expect(link).toHaveAttribute('href', 'http://www.example.com');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows an image as a link to it rather than loading it into the page', () => {
    const root = renderMarkdown('![The chart](https://example.com/chart.png)');
    expect(root.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'The chart' })).toHaveAttribute(
      'href',
      'https://example.com/chart.png',
    );
  });

  it('leaves every injection attempt inert', () => {
    const root = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror=alert(1)> <svg onload=alert(1)> <iframe src="javascript:alert(1)"></iframe>',
        '',
        '<a href="javascript:alert(1)">raw link</a> [inline](javascript:alert(1)) [spaced]( javascript:alert(1) )',
        '',
        '<javascript:alert(1)> [reference][evil] ![image](javascript:alert(1)) [data](data:text/html,<b>x</b>)',
        '',
        '[evil]: javascript:alert(1)',
      ].join('\n'),
    );
    expect(root.querySelector('script, img, svg, iframe, object, embed, style, form')).toBeNull();
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name).not.toMatch(/^on/i);
        expect(attribute.value).not.toMatch(/javascript:|data:/i);
      }
    }
    expect(root).toHaveTextContent('<script>alert(1)</script>');
    expect(root).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  // Parsing 80 KB takes a few hundred milliseconds alone, and many times that on a busy machine.
  it('renders an 80 KB article whole', { timeout: 60_000 }, () => {
    const section = (n: number) =>
      [
        `## Lesson ${n}`,
        '',
        `Position sizing is the **quiet** part of trading: decide the *risk* first, then the size. Read [lesson ${n}](/rules/${n}) before the open, and write the \`stop-loss\` down.`,
        'A drawdown of 5% freezes the account, so a plan that risks 1% a trade survives five losers in a row with room to spare.',
        '',
        '- Plan the entry\n  - Size the position\n- Review the exit',
        '',
      ].join('\n');
    let source = '';
    let count = 0;
    while (source.length < 80 * 1024) {
      count += 1;
      source += section(count);
    }
    const root = renderMarkdown(source);
    expect(root.querySelectorAll('h4')).toHaveLength(count);
    expect(root.querySelectorAll('strong')).toHaveLength(count);
    expect(root.querySelectorAll('li > ul > li')).toHaveLength(count);
    expect(screen.getByRole('heading', { name: `Lesson ${count}` })).toBeInTheDocument();
  });
});
