import type { ColorType } from 'lightweight-charts';

/** lightweight-charts' ColorType.Solid, written out: the library itself loads later. */
export const SOLID_BACKGROUND = 'solid' as ColorType.Solid;

/** The desk's charts' colours, from the page's CSS variables (light or dark, as the page is now). */
export function chartThemeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--cw-color-surface', '#ffffff'),
    text: read('--cw-color-text-muted', '#4b5563'),
    grid: read('--cw-color-border', '#d9dee3'),
    up: read('--cw-color-profit', '#15803d'),
    down: read('--cw-color-loss', '#b91c1c'),
    line: read('--cw-color-brand', '#0f766e'),
  };
}
