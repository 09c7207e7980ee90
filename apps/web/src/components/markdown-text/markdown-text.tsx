import type { Root, RootContent, Text } from 'mdast';
import { type ReactNode, useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { type PluggableList, unified } from 'unified';
import { visit } from 'unist-util-visit';
import './markdown-text.css';

type HeadingLevel = 2 | 3 | 4;

/**
 * Markdown that people type into Candlewise (news articles, a competition's description), read as
 * GitHub reads it (CommonMark with tables, ~~strikethrough~~, task lists, bare web addresses,
 * footnotes), with single line breaks kept. Raw HTML is never parsed into elements: it shows as the
 * text it is, and the tree passes GitHub's sanitising schema before it becomes React elements.
 * Links keep their href only when it is http(s) or a relative path; images show as links to them.
 */
export function MarkdownText({
  source,
  className,
  headingLevel = 3,
}: {
  source: string;
  className?: string;
  /** The HTML level of '#' (## and ### follow it), so the text fits under the page's own headings. */
  headingLevel?: HeadingLevel;
}) {
  // Parsing is the costly part: a parent's re-render with the same text reuses the element.
  const content = useMemo(
    () => (
      <Markdown
        remarkPlugins={remarkPlugins(headingLevel)}
        remarkRehypeOptions={{ handlers: { break: lineBreak } }}
        rehypePlugins={[[rehypeSanitize, sanitizeSchema]]}
        urlTransform={(url) => safeLinkTarget(url)?.href ?? ''}
        components={components}
      >
        {source}
      </Markdown>
    ),
    [source, headingLevel],
  );
  return <div className={className ? `cw-markdown ${className}` : 'cw-markdown'}>{content}</div>;
}

const remarkPlugins = (headingLevel: HeadingLevel): PluggableList => [
  remarkGfm,
  remarkHtmlAsText,
  [remarkHeadingLevels, headingLevel],
  remarkSpacedLinksAsLabels,
  remarkBreaks,
];

/** GitHub's schema. Ids come only from footnotes, which remark-rehype already prefixes with 'user-content-'. */
const sanitizeSchema = { ...defaultSchema, clobberPrefix: '' };

/** A line break as <br> alone (remark-rehype adds a newline after it, which the text never had). */
const lineBreak = () => ({ type: 'element' as const, tagName: 'br', properties: {}, children: [] });

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** Raw HTML shows as the text it is (a block of it as a paragraph), so no markup ever comes from it. */
function remarkHtmlAsText() {
  return (tree: Root) => {
    visit(tree, 'html', (node, index, parent) => {
      if (!parent || index === undefined) return;
      const text: Text = { type: 'text', value: node.value, position: node.position };
      const replacement = FLOW_PARENTS.has(parent.type)
        ? { type: 'paragraph' as const, children: [text], position: node.position }
        : text;
      (parent.children as RootContent[])[index] = replacement;
    });
  };
}

/** '#' is a heading of the given level, '##' and '###' the next two; '####' and beyond stay text. */
function remarkHeadingLevels(headingLevel: HeadingLevel) {
  return (tree: Root) => {
    visit(tree, 'heading', (node, index, parent) => {
      if (node.depth <= 3) {
        node.data = { ...node.data, hName: `h${headingLevel + node.depth - 1}` };
      } else if (parent && index !== undefined) {
        const marker: Text = { type: 'text', value: `${'#'.repeat(node.depth)} ` };
        parent.children[index] = {
          type: 'paragraph',
          children: [marker, ...node.children],
          position: node.position,
        };
      }
    });
  };
}

// [label](destination): a destination with a space or tab in it is no link to CommonMark.
const LINK_SHAPED = /\[([^[\]\n]*)\]\(((?:[^()\n]|\([^()\n]*\))*)\)/g;

/**
 * '[label](java\tscript:…)' is left as text by the parser; it shows as its label alone, as any
 * refused link does, rather than as an address that looks like a link.
 */
function remarkSpacedLinksAsLabels() {
  return (tree: Root) => {
    visit(tree, 'text', (node) => {
      node.value = node.value.replace(LINK_SHAPED, (whole, label: string, destination: string) =>
        /\s/.test(destination) ? label : whole,
      );
    });
  };
}

const components: Components = {
  a: ({ node: _node, href, children, ...rest }) => (
    <SafeLink href={href} rest={rest}>
      {children}
    </SafeLink>
  ),
  img: ({ src, alt }) => <SafeLink href={typeof src === 'string' ? src : undefined}>{alt || src}</SafeLink>,
};

/** http(s) opens in a new tab without opener or referrer; a path stays in the app; anything else is text. */
function SafeLink({
  href,
  rest,
  children,
}: {
  href: string | undefined;
  rest?: Record<string, unknown>;
  children: ReactNode;
}) {
  const target = href ? safeLinkTarget(href) : null;
  if (!target) return <>{children}</>;
  if (target.external) {
    return (
      <a {...rest} href={target.href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  // A footnote's '#…' is a jump within this page, which the browser does itself.
  if (target.href.startsWith('#')) {
    return (
      <a {...rest} href={target.href}>
        {children}
      </a>
    );
  }
  return (
    <Link {...rest} to={target.href}>
      {children}
    </Link>
  );
}

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

type Block =
  | { kind: 'heading'; depth: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'other'; type: string; text: string };

/** The top-level blocks of a text, as the renderer reads them, each with its source text. */
export function parseBlocks(source: string): Block[] {
  const processor = unified().use(remarkParse).use(remarkPlugins(3));
  const tree = processor.runSync(processor.parse(source)) as Root;
  const slice = (from: RootContent | undefined, to: RootContent | undefined = from) =>
    source
      .slice(from?.position?.start.offset ?? 0, to?.position?.end.offset ?? 0)
      .split('\n')
      .map((line) => line.trim())
      .join('\n');
  const textOf = (node: RootContent): string =>
    node.type === 'blockquote'
      ? node.children
          .map(textOf)
          .join('\n\n')
          .replace(/^>[ \t]?/gm, '')
      : 'children' in node && node.type !== 'paragraph'
        ? slice(node.children[0], node.children.at(-1))
        : slice(node);

  return tree.children.flatMap((node): Block[] => {
    switch (node.type) {
      case 'heading':
        return [{ kind: 'heading', depth: node.depth as 1 | 2 | 3, text: textOf(node) }];
      case 'paragraph':
        return [{ kind: 'paragraph', text: textOf(node) }];
      case 'blockquote':
        return [{ kind: 'quote', text: textOf(node) }];
      case 'code':
        return [{ kind: 'code', text: node.value }];
      case 'list':
        return [
          {
            kind: 'list',
            ordered: Boolean(node.ordered),
            start: node.start ?? 1,
            items: node.children.map(textOf),
          },
        ];
      default:
        return [{ kind: 'other', type: node.type, text: slice(node) }];
    }
  });
}
