import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactNode } from 'react';
import './svg-icon.css';

/** SVG attributes as React names them: fill-rule → fillRule. */
function reactAttributes(attrs: AbstractNode['attrs']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}

function renderNode(node: AbstractNode, key: number): ReactNode {
  return createElement(node.tag, { key, ...reactAttributes(node.attrs) }, node.children?.map(renderNode));
}

/**
 * An Ant Design icon drawn from its plain definition (`@ant-design/icons-svg`), with none of the
 * icon library's run time (its CSS injection and theme context): the frame and the dashboard paint
 * before antd loads. Same look as antd's icons: 1em, the text's colour, on the text's baseline.
 */
export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const definition = icon.icon;
  if (typeof definition === 'function') return null; // two-tone icons are not used here
  return (
    <span className={className ? `cw-svg-icon ${className}` : 'cw-svg-icon'} aria-hidden="true">
      <svg
        {...reactAttributes(definition.attrs)}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      >
        {definition.children?.map(renderNode)}
      </svg>
    </span>
  );
}
