import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { selectDarkMode } from './theme-slice';

/** Puts data-theme="dark"|"light" on <html>; tokens.css switches every colour from it, public pages included. */
export function applyDocumentTheme(darkMode: boolean): void {
  document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
}

export function useDocumentTheme(): boolean {
  const darkMode = useSelector(selectDarkMode);
  useEffect(() => applyDocumentTheme(darkMode), [darkMode]);
  return darkMode;
}
