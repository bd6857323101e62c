import type { ThemeConfig } from 'antd';

/**
 * antd's colours with text at WCAG AA contrast (4.5:1) on white and on their own light
 * backgrounds (issue 18): antd's defaults (#1677ff links and tags, #52c41a / #faad14 / #ff4d4f
 * status texts, 45 % black secondary text, 25 % black placeholders) are 1.8–4.1:1.
 */
export const THEME = {
  token: {
    colorPrimary: '#1d4e89',
    colorInfo: '#1d4e89',
    colorLink: '#1d4e89',
    colorSuccess: '#237804',
    colorWarning: '#874d00',
    colorError: '#cf1322',
    // The tints stay antd's light ones: derived from the darker texts above they turn grey.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    borderRadius: 4,
    fontFamily: 'var(--font-family)',
  },
  // Baked into hashed stylesheets at build time (scripts/antd-css.mjs) and not generated again in
  // the browser (zeroRuntime): both need the same class names, so no hash class (antd's own
  // antd.css is baked the same way) and a fixed key for the class that carries the variables,
  // where antd would take one from React's useId, which differs between the bake and a page.
  hashed: false,
  cssVar: { key: 'css-var-site' },
} satisfies ThemeConfig;
