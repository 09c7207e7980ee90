import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import { type ReactNode, useMemo } from 'react';

/** Mirrors styles/tokens.css so antd components and the plain-CSS pages share one palette. */
const palette = {
  light: {
    brand: '#0f766e',
    // A hovered or pressed link stays at 4.5:1 or more (antd derives a pale or dark teal otherwise).
    linkHover: '#115e59',
    bg: '#f4f6f8',
    surface: '#ffffff',
    border: '#d9dee3',
    text: '#111827',
    onBrand: '#ffffff',
    // Secondary text, placeholders and status colours at 4.5:1 or more on the surfaces (WCAG AA);
    // antd's defaults (#bfbfbf placeholders, #ff4d4f danger, #52c41a success) fall short.
    textSecondary: '#4b5563',
    textTertiary: '#5b6472',
    placeholder: '#6b7280',
    success: '#15803d',
    // antd derives #b4bfb6 from the success colour: a success tag's text on it is 2.6:1.
    successBg: '#ecf7ef',
    error: '#b91c1c',
    warning: '#b45309',
  },
  dark: {
    brand: '#2dd4bf',
    // antd's dark algorithm derived #1f6a61 for a hovered link: 2.6:1 on the dark surface.
    linkHover: '#5eead4',
    bg: '#0b1117',
    surface: '#151f29',
    border: '#2a3845',
    text: '#e5e7eb',
    // The dark brand teal is light: white text on it fails contrast, near-black passes.
    onBrand: '#0b1117',
    textSecondary: '#a3adb8',
    textTertiary: '#9aa4b0',
    placeholder: '#8d98a5',
    success: '#4ade80',
    successBg: '#10291a',
    error: '#f87171',
    warning: '#fbbf24',
  },
} as const;

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Browsers under automation (Playwright, tests) get no animations, so screenshots never catch one half-way. */
const motion = typeof navigator === 'undefined' || !navigator.webdriver;

export function buildAntdTheme(darkMode: boolean): ThemeConfig {
  const colors = darkMode ? palette.dark : palette.light;
  return {
    algorithm: darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: colors.brand,
      colorLink: colors.brand,
      colorLinkHover: colors.linkHover,
      colorLinkActive: colors.linkHover,
      colorTextLightSolid: colors.onBrand,
      colorBgLayout: colors.bg,
      colorBgContainer: colors.surface,
      colorBorder: colors.border,
      colorText: colors.text,
      colorTextSecondary: colors.textSecondary,
      colorTextTertiary: colors.textTertiary,
      colorTextQuaternary: colors.placeholder,
      colorTextDescription: colors.textTertiary,
      colorTextPlaceholder: colors.placeholder,
      colorSuccess: colors.success,
      colorSuccessBg: colors.successBg,
      colorError: colors.error,
      colorWarning: colors.warning,
      borderRadius: 10,
      fontFamily,
      motion,
    },
    components: {
      Layout: { headerBg: colors.surface, siderBg: colors.surface, bodyBg: colors.bg, footerBg: colors.bg },
      Menu: { itemBg: colors.surface },
    },
  };
}

/** antd's theme for the signed-in frame: the dark algorithm in dark mode and the Candlewise brand colour. */
export function AntdProvider({ darkMode, children }: { darkMode: boolean; children: ReactNode }) {
  const themeConfig = useMemo(() => buildAntdTheme(darkMode), [darkMode]);
  return <ConfigProvider theme={themeConfig}>{children}</ConfigProvider>;
}
