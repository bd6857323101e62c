/**
 * The school's colours from its one theme colour (ZTYS). White text sits on the primary and the
 * dark colour, primary text on white, on the page grey and on the light tints: every such pair
 * keeps WCAG AA's 4.5:1, so a colour too light for that (a yellow) is darkened until it passes.
 */
export interface Palette {
  primary: string;
  /** Hovered buttons, header bars. */
  primaryDark: string;
  /** Pressed buttons, the darkest bars. */
  primaryDarker: string;
  /** Light backgrounds (selected rows, side-menu hover), primary text on them. */
  primaryLight: string;
  /** Lighter still: panels and stripes. */
  primaryLighter: string;
  /** Decorative borders and outlines next to the colour. */
  primaryBorder: string;
  /** Text and icons on the primary and dark colours. */
  onPrimary: string;
}

/** Without a theme colour: a neutral blue (common/src/api/site-settings.ts has the same). */
export const DEFAULT_THEME_COLOR = '#1f5fa8';

/** The page's grey background (site.css --bg), on which primary text also stands. */
const PAGE_BACKGROUND = '#f4f6f9';
const WHITE = '#ffffff';
/** site.css: the gold of the portal's 登录 and hovered menu items, and the top bar's text. */
const ACCENT = '#e8c468';
const TOPBAR_TEXT = '#dbe6f5';
const AA = 4.5;

type Rgb = [number, number, number];

function parse(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const format = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `weight` of `other` mixed into `rgb` (0: rgb, 1: other). */
const mix = (rgb: Rgb, other: Rgb, weight: number): Rgb =>
  rgb.map((c, i) => c + (other[i] - c) * weight) as Rgb;

const BLACK_RGB: Rgb = [0, 0, 0];
const WHITE_RGB: Rgb = [255, 255, 255];

function luminance(hex: string): number {
  const [r, g, b] = (parse(hex) ?? BLACK_RGB).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function paletteFrom(primary: Rgb): Palette {
  return {
    primary: format(primary),
    primaryDark: format(mix(primary, BLACK_RGB, 0.22)),
    primaryDarker: format(mix(primary, BLACK_RGB, 0.4)),
    primaryLight: format(mix(primary, WHITE_RGB, 0.88)),
    primaryLighter: format(mix(primary, WHITE_RGB, 0.94)),
    primaryBorder: format(mix(primary, WHITE_RGB, 0.55)),
    onPrimary: WHITE,
  };
}

/** The text pairs a palette must keep readable: [text, background]. */
export function textPairs(p: Palette): Array<[string, string]> {
  return [
    [p.onPrimary, p.primary],
    [p.onPrimary, p.primaryDark],
    [p.onPrimary, p.primaryDarker],
    [ACCENT, p.primaryDark],
    [TOPBAR_TEXT, p.primaryDark],
    [p.primary, WHITE],
    [p.primary, PAGE_BACKGROUND],
    [p.primary, p.primaryLight],
    [p.primary, p.primaryLighter],
  ];
}

/**
 * The palette of a theme colour ('#rrggbb'; anything else gives the default's). The colour is
 * kept when it passes and otherwise mixed with black in small steps until it does.
 */
export function paletteOf(color: string | null | undefined): Palette {
  const given = parse(color ?? '') ?? (parse(DEFAULT_THEME_COLOR) as Rgb);
  for (let step = 0; step <= 20; step += 1) {
    const palette = paletteFrom(mix(given, BLACK_RGB, step * 0.05));
    if (textPairs(palette).every(([text, bg]) => contrast(text, bg) >= AA)) return palette;
  }
  return paletteFrom(BLACK_RGB);
}

/**
 * The palette as CSS custom properties: the site's own (--primary …) and the antd tokens the
 * baked stylesheets read, so buttons, links and menus take the school's colour too.
 */
export function paletteCss(p: Palette): string {
  const site = {
    '--primary': p.primary,
    '--primary-dark': p.primaryDark,
    '--primary-darker': p.primaryDarker,
    '--primary-light': p.primaryLight,
    '--primary-lighter': p.primaryLighter,
    '--primary-border': p.primaryBorder,
    '--on-primary': p.onPrimary,
  };
  const antd = {
    '--ant-color-primary': p.primary,
    '--ant-color-primary-hover': p.primaryDark,
    '--ant-color-primary-active': p.primaryDarker,
    '--ant-color-primary-text': p.primary,
    '--ant-color-primary-text-hover': p.primaryDark,
    '--ant-color-primary-text-active': p.primaryDarker,
    '--ant-color-primary-bg': p.primaryLight,
    '--ant-color-primary-bg-hover': p.primaryLight,
    '--ant-color-primary-border': p.primaryBorder,
    '--ant-color-primary-border-hover': p.primaryBorder,
    '--ant-color-info': p.primary,
    '--ant-color-info-text': p.primary,
    '--ant-color-link': p.primary,
    '--ant-color-link-hover': p.primaryDark,
    '--ant-color-link-active': p.primaryDarker,
    '--ant-control-item-bg-active': p.primaryLight,
    '--ant-control-item-bg-active-hover': p.primaryLight,
  };
  const block = (vars: Record<string, string>) =>
    Object.entries(vars)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
  // A menu's selected item has variables of its own (antd's `.css-var-site.ant-menu-css-var`):
  // the school's light colour under its colour, a pair the palette keeps readable.
  const menu = {
    '--ant-menu-item-selected-bg': p.primaryLight,
    '--ant-menu-color-item-bg-selected': p.primaryLight,
    '--ant-menu-item-selected-color': p.primary,
    '--ant-menu-color-item-text-selected': p.primary,
  };
  // `html .css-var-site` outweighs antd's `.css-var-site` wherever its stylesheet loads.
  return (
    `:root{${block(site)}}html .css-var-site{${block(antd)}}` +
    `html .css-var-site.ant-menu-css-var{${block(menu)}}`
  );
}
