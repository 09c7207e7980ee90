/**
 * antd writes its styles into `<style>` elements (about 1,800 rules, half a megabyte, once a form
 * is open), and jsdom's getComputedStyle matches an element and, for inherited properties, each of
 * its ancestors against every one of them: 50–90 ms a call. user-event asks it for every pointer
 * action (pointer-events) and getByRole for every candidate (display, visibility), which was most
 * of a form test's time.
 *
 * jsdom lays nothing out, so of those rules only the ones that hide, show or block something can
 * change what a test sees. Style elements keep just those declarations; reading `innerHTML` back
 * gives what was written, so antd's "is this style already there" check still holds.
 */

/** The properties a test can notice in jsdom: visibility to queries and to the pointer, and sizes. */
const KEPT = /^\s*(display|visibility|pointer-events|opacity|width|height|content-visibility)\s*:/i;

/**
 * Walks `text` outside quoted strings and calls `visit` for each `open`, `close` and `;` with the
 * nesting depth around it (the depth before an `open`, after a `close`).
 */
function walk(
  text: string,
  open: string,
  close: string,
  visit: (char: string, index: number, depth: number) => void,
) {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === open) visit(char, i, depth++);
    else if (char === close) visit(char, i, --depth);
    else if (char === ';') visit(char, i, depth);
  }
}

/** Top-level blocks of a style sheet: `prelude { body }`, at-rules without a body dropped. */
function blocks(css: string): Array<{ prelude: string; body: string }> {
  const found: Array<{ prelude: string; body: string }> = [];
  let start = 0;
  let open = -1;
  walk(css, '{', '}', (char, i, depth) => {
    if (depth !== 0) return;
    if (char === '{') open = i;
    else if (char === '}')
      found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
    if (char !== '{') start = i + 1;
  });
  return found;
}

/** The declarations of a rule body that `KEPT` names, split on semicolons outside quotes and brackets. */
function keptDeclarations(body: string): string {
  const declarations: string[] = [];
  let start = 0;
  walk(body, '(', ')', (char, i, depth) => {
    if (char === ';' && depth === 0) {
      declarations.push(body.slice(start, i));
      start = i + 1;
    }
  });
  declarations.push(body.slice(start));
  return declarations
    .filter((declaration) => KEPT.test(declaration))
    .map((declaration) => declaration.trim())
    .join(';');
}

/** The part of a sheet that can change what a jsdom test sees. */
export function leanCss(css: string): string {
  const out: string[] = [];
  for (const { prelude, body } of blocks(css)) {
    if (prelude.startsWith('@')) {
      // @media and @supports hold rules; @keyframes, @font-face and the rest do not matter here.
      if (/^@(media|supports|layer|container)\b/i.test(prelude)) {
        const inner = leanCss(body);
        if (inner) out.push(`${prelude}{${inner}}`);
      }
      continue;
    }
    const declarations = keptDeclarations(body);
    if (declarations) out.push(`${prelude}{${declarations}}`);
  }
  return out.join('\n');
}

/** Style elements written through innerHTML or textContent keep only the lean part of their sheet. */
export function installLeanStyles(): void {
  const written = new WeakMap<HTMLStyleElement, string>();
  for (const [owner, name] of [
    [Element.prototype, 'innerHTML'],
    [Node.prototype, 'textContent'],
  ] as const) {
    const original = Object.getOwnPropertyDescriptor(owner, name);
    if (!original?.get || !original.set) continue;
    const { get, set } = original;
    Object.defineProperty(HTMLStyleElement.prototype, name, {
      configurable: true,
      enumerable: original.enumerable,
      get(this: HTMLStyleElement) {
        return written.get(this) ?? get.call(this);
      },
      set(this: HTMLStyleElement, css: string) {
        const text = String(css ?? '');
        written.set(this, text);
        set.call(this, leanCss(text));
      },
    });
  }
}
