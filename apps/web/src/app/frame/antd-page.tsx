import type { ComponentType } from 'react';
import { useAppSelector } from '@/app/store';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { selectDarkMode } from '@/features/theme/theme-slice';

/**
 * A signed-in page that uses antd, inside antd's theme (the brand colours, dark mode). The frame
 * itself is plain markup, so antd loads with the first page that needs it and never before the
 * frame and /home have painted.
 */
export function withAntd(Page: ComponentType): ComponentType {
  function AntdPage() {
    const darkMode = useAppSelector(selectDarkMode);
    return (
      <AntdProvider darkMode={darkMode}>
        <Page />
      </AntdProvider>
    );
  }
  AntdPage.displayName = `withAntd(${Page.displayName ?? Page.name})`;
  return AntdPage;
}
