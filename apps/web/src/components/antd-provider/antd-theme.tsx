import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectDarkMode } from '@/lib/theme-slice';
import { AntdProvider } from './antd-provider';

/**
 * antd's theme (brand colours, dark mode from the store) around the antd part of a page drawn
 * without antd (ADR 021). Import it only from a module that is itself loaded lazily: it brings antd.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const darkMode = useSelector(selectDarkMode);
  return <AntdProvider darkMode={darkMode}>{children}</AntdProvider>;
}
