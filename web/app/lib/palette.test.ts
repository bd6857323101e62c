import { describe, expect, it } from 'vitest';
import { contrast, DEFAULT_THEME_COLOR, paletteCss, paletteOf, textPairs } from './palette';

const passes = (color: string) =>
  textPairs(paletteOf(color)).every(([text, bg]) => contrast(text, bg) >= 4.5);

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });
});

describe('paletteOf', () => {
  it('keeps a dark enough colour as the primary', () => {
    expect(paletteOf('#1d4e89').primary).toBe('#1d4e89');
    expect(paletteOf(DEFAULT_THEME_COLOR).primary).toBe(DEFAULT_THEME_COLOR);
    expect(paletteOf('#8B0000').primary).toBe('#8b0000');
  });

  it('darkens yellow until every text pair passes 4.5:1', () => {
    const palette = paletteOf('#ffeb3b');
    expect(palette.primary).not.toBe('#ffeb3b');
    expect(contrast(palette.onPrimary, palette.primary)).toBeGreaterThanOrEqual(4.5);
    expect(passes('#ffeb3b')).toBe(true);
  });

  it.each(['#ffffff', '#00ff00', '#ff69b4', '#87ceeb', '#000000', '#e8c468'])(
    'gives %s a palette that passes',
    (color) => {
      expect(passes(color)).toBe(true);
    },
  );

  it('falls back to the default for no colour or a malformed one', () => {
    expect(paletteOf('')).toEqual(paletteOf(DEFAULT_THEME_COLOR));
    expect(paletteOf('red')).toEqual(paletteOf(DEFAULT_THEME_COLOR));
    expect(paletteOf(undefined).primary).toBe(DEFAULT_THEME_COLOR);
  });

  it('derives lighter tints and darker shades of the colour', () => {
    const p = paletteOf('#1d4e89');
    expect(contrast(p.primaryLight, '#ffffff')).toBeLessThan(1.3);
    expect(contrast(p.primaryDark, '#ffffff')).toBeGreaterThan(contrast(p.primary, '#ffffff'));
  });
});

describe('paletteCss', () => {
  it('sets the site and antd variables', () => {
    const css = paletteCss(paletteOf('#8b0000'));
    expect(css).toContain(':root{--primary:#8b0000;');
    expect(css).toContain('html .css-var-site{--ant-color-primary:#8b0000;');
    // A menu's selected item: its own variables, the readable pair of the palette.
    const p = paletteOf('#8b0000');
    expect(css).toContain(
      `html .css-var-site.ant-menu-css-var{--ant-menu-item-selected-bg:${p.primaryLight};`,
    );
    expect(contrast(p.primary, p.primaryLight)).toBeGreaterThanOrEqual(4.5);
  });
});
