import type { ComponentType } from 'react';
import { AntdTheme } from '@/components/antd-provider/antd-theme';

/**
 * A signed-in page that uses antd, inside antd's theme (the brand colours, dark mode). The frame
 * itself is plain markup, so antd loads with the first page that needs it and never before the
 * frame and /home have painted.
 */
export function withAntd(Page: ComponentType): ComponentType {
  function AntdPage() {
    return (
      <AntdTheme>
        <Page />
      </AntdTheme>
    );
  }
  AntdPage.displayName = `withAntd(${Page.displayName ?? Page.name})`;
  return AntdPage;
}
