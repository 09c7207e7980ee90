import { describe, expect, it } from 'vitest';
import { leanCss } from './lean-styles';

describe('lean styles for jsdom (installed by setup-tests)', () => {
  it('keeps what hides, shows or blocks, in media queries too, and drops the rest', () => {
    const css = [
      '.a{color:red;display:none;background:url("x;{y}.png")}',
      '.b{margin:0;font-size:14px}',
      '@keyframes spin{from{opacity:0}to{opacity:1}}',
      '@media (max-width: 768px){.c{visibility:hidden;padding:4px}.d{color:blue}}',
      ':where(.css-dev-only).ant-btn[disabled]{cursor:not-allowed;pointer-events:none}',
    ].join('\n');
    expect(leanCss(css)).toBe(
      [
        '.a{display:none}',
        '@media (max-width: 768px){.c{visibility:hidden}}',
        ':where(.css-dev-only).ant-btn[disabled]{pointer-events:none}',
      ].join('\n'),
    );
  });

  it('still hides an element a style element hides, and reads back what was written', () => {
    const style = document.createElement('style');
    const written = '.lean-hidden{color:red;display:none}';
    style.innerHTML = written;
    document.head.append(style);
    const element = document.createElement('div');
    element.className = 'lean-hidden';
    document.body.append(element);

    expect(window.getComputedStyle(element).display).toBe('none');
    expect(element).not.toBeVisible();
    // antd compares innerHTML with what it would write before writing again.
    expect(style.innerHTML).toBe(written);
    expect([...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText)).toEqual([
      '.lean-hidden { display: none; }',
    ]);
    style.remove();
    element.remove();
  });
});
