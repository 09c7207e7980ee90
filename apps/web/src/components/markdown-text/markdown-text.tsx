import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import './markdown-text.css';

/**
 * A small markdown renderer for text people type into Candlewise (a competition's description).
 * It builds React elements only, never HTML strings: whatever the text holds, `<script>` included,
 * ends up as text. Links keep their href only when it is http(s) or a relative path.
 *
 * Blocks: paragraphs (single line breaks kept), # / ## / ### headings, - / * / + lists, 1. lists,
 * > quotes, ``` fenced code. Inline: **bold**, __bold__, *italic*, _italic_, `code`, [text](url),
 * and backslash escapes.
 */
export function MarkdownText({
  source,
  className,
  headingLevel = 3,
}: {
  source: string;
  className?: string;
  /** The HTML level of '#' (## and ### follow it), so the text fits under the page's own headings. */
  headingLevel?: 2 | 3 | 4;
}) {
  const blocks = parseBlocks(source);
  return (
    <div className={className ? `cw-markdown ${className}` : 'cw-markdown'}>
      {blocks.map((block, index) => renderBlock(block, `b${index}`, headingLevel))}
    </div>
  );
}

type Block =
  | { kind: 'heading'; depth: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] };

const HEADING = /^ {0,3}(#{1,3})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const UNORDERED_ITEM = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED_ITEM = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const FENCE = /^ {0,3}(```|~~~)/;
const CONTINUATION = /^(?: {2,}|\t)(.*)$/;

/** Splits the text into blocks, line by line. */
export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let open: Block | null = null;
  const close = () => {
    if (open) blocks.push(open);
    open = null;
  };

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];

    const fence = line.match(FENCE);
    if (fence) {
      close();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index].trimStart().startsWith(fence[1])) {
        code.push(lines[index]);
        index += 1;
      }
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }

    if (line.trim() === '') {
      close();
      continue;
    }

    const heading = line.match(HEADING);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', depth: heading[1].length as 1 | 2 | 3, text: heading[2] });
      continue;
    }

    const unordered = line.match(UNORDERED_ITEM);
    const ordered = unordered ? null : line.match(ORDERED_ITEM);
    if (unordered || ordered) {
      const isOrdered = ordered !== null;
      const text = (unordered ?? ordered)![unordered ? 1 : 2];
      const current = open as Block | null;
      if (current?.kind === 'list' && current.ordered === isOrdered) {
        current.items.push(text);
      } else {
        close();
        open = { kind: 'list', ordered: isOrdered, start: ordered ? Number(ordered[1]) : 1, items: [text] };
      }
      continue;
    }

    const current = open as Block | null;
    const continuation = line.match(CONTINUATION);
    if (current?.kind === 'list' && continuation) {
      current.items[current.items.length - 1] += `\n${continuation[1].trim()}`;
      continue;
    }

    const quote = line.match(QUOTE);
    if (quote) {
      if (current?.kind === 'quote') current.text += `\n${quote[1]}`;
      else {
        close();
        open = { kind: 'quote', text: quote[1] };
      }
      continue;
    }

    if (current?.kind === 'paragraph') current.text += `\n${line.trim()}`;
    else {
      close();
      open = { kind: 'paragraph', text: line.trim() };
    }
  }
  close();
  return blocks;
}

function renderBlock(block: Block, key: string, headingLevel: 2 | 3 | 4): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Heading = `h${headingLevel + block.depth - 1}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
      return <Heading key={key}>{renderInline(block.text)}</Heading>;
    }
    case 'paragraph':
      return <p key={key}>{renderInline(block.text)}</p>;
    case 'quote':
      return (
        <blockquote key={key}>
          <p>{renderInline(block.text)}</p>
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are text without ids; their order is their identity.
        <li key={index}>{renderInline(item)}</li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
  }
}

const ESCAPABLE = '\\`*_{}[]()#+-.!>~|<';
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Where a link may go: http(s) addresses (opened in a new tab) and relative paths inside Candlewise.
 * Everything else (javascript:, data:, vbscript:, //other-host, anything with spaces or control
 * characters a browser would strip before reading the scheme) is refused, and the link stays text.
 */
export function safeLinkTarget(raw: string): { href: string; external: boolean } | null {
  const url = raw.trim();
  if (!url || url.length > 2048) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(url)) return null;
  if (/^https?:\/\//i.test(url)) {
    try {
      const parsed = new URL(url);
      return parsed.hostname ? { href: url, external: true } : null;
    } catch {
      return null;
    }
  }
  if (SCHEME.test(url) || url.startsWith('//')) return null;
  return { href: url, external: false };
}

/** The inline content of one block: emphasis, code and links inside plain text; line breaks kept. */
function renderInline(text: string, allowLinks = true): ReactNode[] {
  const nodes: ReactNode[] = [];
  let plain = '';
  let key = 0;
  // A delimiter with no closer after position p has none after any later position either.
  const noCloserFrom = new Map<string, number>();

  const flush = () => {
    plain.split('\n').forEach((part, index) => {
      if (index > 0) nodes.push(<br key={`br${key++}`} />);
      if (part) nodes.push(part);
    });
    plain = '';
  };

  const findCloser = (delimiter: string, from: number, isCloser: (at: number) => boolean): number => {
    const known = noCloserFrom.get(delimiter);
    if (known !== undefined && from >= known) return -1;
    for (let at = text.indexOf(delimiter, from); at !== -1; at = text.indexOf(delimiter, at + 1)) {
      if (isCloser(at)) return at;
    }
    noCloserFrom.set(delimiter, Math.min(from, known ?? from));
    return -1;
  };

  let index = 0;
  while (index < text.length) {
    const char = text[index];

    if (char === '\\' && index + 1 < text.length && ESCAPABLE.includes(text[index + 1])) {
      plain += text[index + 1];
      index += 2;
      continue;
    }

    if (char === '`') {
      let run = 1;
      while (text[index + run] === '`') run += 1;
      const fence = '`'.repeat(run);
      // The closer is a run of exactly as many backticks.
      const end = findCloser(fence, index + run, (at) => text[at - 1] !== '`' && text[at + run] !== '`');
      if (end !== -1) {
        flush();
        nodes.push(<code key={`c${key++}`}>{text.slice(index + run, end).replace(/\n/g, ' ')}</code>);
        index = end + run;
      } else {
        plain += fence;
        index += run;
      }
      continue;
    }

    if (char === '*' || char === '_') {
      const emphasis = matchEmphasis(text, index, findCloser);
      if (emphasis) {
        flush();
        const children = renderInline(emphasis.content, allowLinks);
        nodes.push(
          emphasis.strong ? (
            <strong key={`s${key++}`}>{children}</strong>
          ) : (
            <em key={`e${key++}`}>{children}</em>
          ),
        );
        index = emphasis.end;
        continue;
      }
      // An unmatched run stays text as a whole, so '**' is never re-read as two '*'.
      let run = 1;
      while (text[index + run] === char) run += 1;
      plain += char.repeat(run);
      index += run;
      continue;
    }

    if (char === '[' && allowLinks) {
      const link = matchLink(text, index);
      if (link) {
        flush();
        const label = renderInline(link.label, false);
        const target = safeLinkTarget(link.url);
        if (!target) {
          nodes.push(<Fragment key={`t${key++}`}>{label}</Fragment>);
        } else if (target.external) {
          nodes.push(
            <a key={`a${key++}`} href={target.href} target="_blank" rel="noopener noreferrer">
              {label}
            </a>,
          );
        } else {
          nodes.push(
            <Link key={`a${key++}`} to={target.href}>
              {label}
            </Link>,
          );
        }
        index = link.end;
        continue;
      }
    }

    plain += char;
    index += 1;
  }
  flush();
  return nodes;
}

const isWordCharacter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** **strong** / __strong__ / *em* / _em_ opening at `start`, or null. Underscores never split a word. */
function matchEmphasis(
  text: string,
  start: number,
  findCloser: (delimiter: string, from: number, isCloser: (at: number) => boolean) => number,
): { strong: boolean; content: string; end: number } | null {
  const char = text[start];
  const strong = text[start + 1] === char;
  const delimiter = strong ? char + char : char;
  const size = delimiter.length;
  if (isSpace(text[start + size])) return null;
  if (char === '_' && isWordCharacter(text[start - 1])) return null;

  const closer = findCloser(delimiter, start + size + 1, (at) => {
    if (isSpace(text[at - 1])) return false;
    if (char === '_' && isWordCharacter(text[at + size])) return false;
    // A single delimiter must not be half of a double one (*a **b** c* closes at the last '*').
    if (!strong && (text[at + 1] === char || text[at - 1] === char)) return false;
    return true;
  });
  if (closer === -1 || closer <= start + size) return null;
  return { strong, content: text.slice(start + size, closer), end: closer + size };
}

// Longer than any real label or address: the search stops there, so '[[[[…' stays linear enough.
const MAX_LABEL = 1000;
const MAX_DESTINATION = 2100;

/** [label](url "optional title") opening at `start`, or null. Brackets and parentheses may nest. */
function matchLink(text: string, start: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  let labelEnd = -1;
  for (let at = start; at < Math.min(text.length, start + MAX_LABEL); at += 1) {
    if (text[at] === '\\') {
      at += 1;
      continue;
    }
    if (text[at] === '[') depth += 1;
    else if (text[at] === ']') {
      depth -= 1;
      if (depth === 0) {
        labelEnd = at;
        break;
      }
    }
  }
  if (labelEnd === -1 || text[labelEnd + 1] !== '(') return null;

  depth = 0;
  for (let at = labelEnd + 1; at < Math.min(text.length, labelEnd + MAX_DESTINATION); at += 1) {
    if (text[at] === '(') depth += 1;
    else if (text[at] === ')') {
      depth -= 1;
      if (depth === 0) {
        const destination = text.slice(labelEnd + 2, at).trim();
        const url = destination.replace(/\s+(?:"[^"]*"|'[^']*')$/, '');
        return { label: text.slice(start + 1, labelEnd), url, end: at + 1 };
      }
    }
  }
  return null;
}
