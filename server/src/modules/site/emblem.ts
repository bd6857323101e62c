import { createHash } from 'node:crypto';
import { DEFAULT_THEME_COLOR } from '@school/common/api';

/**
 * The pictures a school has before it uploads its own: a round emblem with
 * its short name (GET /api/site/logo.svg) and a square icon with the short
 * name's first character (GET /api/site/favicon.svg), in its theme colour.
 * Every text is escaped; nothing is loaded from elsewhere.
 */
export interface Identity {
  name: string;
  shortName: string;
  themeColor: string;
}

const FONT = "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun',serif";

export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The theme colour when it is one, else the default. */
export const colourOf = (value: string) =>
  /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : DEFAULT_THEME_COLOR;

/** The characters the emblem shows: the short name (or the name), at most four; '校' for none. */
function glyphs(identity: Identity): string[] {
  const source = (identity.shortName || identity.name).replace(/\s+/g, '');
  const chars = [...source];
  return chars.length ? chars.slice(0, 4) : ['校'];
}

/** The short name's characters laid out in the circle: one line of up to 2, two lines of 3 or 4. */
function emblemText(chars: string[]): string {
  const lines =
    chars.length <= 2 ? [chars.join('')] : [chars.slice(0, 2).join(''), chars.slice(2).join('')];
  const size = lines.length === 1 ? (chars.length === 1 ? 46 : 34) : 26;
  const top = lines.length === 1 ? 60 + size * 0.36 : 60 - size * 0.2;
  return lines
    .map(
      (line, index) =>
        `<text x="60" y="${(top + index * size * 1.05).toFixed(1)}" font-size="${size}" ` +
        `text-anchor="middle" fill="#ffffff" font-family="${escapeXml(FONT)}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('');
}

export function drawLogo(identity: Identity): string {
  const colour = colourOf(identity.themeColor);
  const title = identity.name || identity.shortName || '学校';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<circle cx="60" cy="60" r="58" fill="${colour}"/>` +
    `<circle cx="60" cy="60" r="50" fill="none" stroke="#ffffff" stroke-width="2.5" opacity="0.9"/>` +
    `<circle cx="60" cy="60" r="45" fill="none" stroke="#ffffff" stroke-width="1" opacity="0.6"/>` +
    emblemText(glyphs(identity)) +
    `</svg>`
  );
}

export function drawFavicon(identity: Identity): string {
  const colour = colourOf(identity.themeColor);
  const first = glyphs(identity)[0]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
    `<rect width="64" height="64" rx="14" fill="${colour}"/>` +
    `<text x="32" y="45" font-size="40" text-anchor="middle" fill="#ffffff" ` +
    `font-family="${escapeXml(FONT)}" font-weight="700">${escapeXml(first)}</text>` +
    `</svg>`
  );
}

/** A tag of a drawing, for ETag and 304. */
export const tagOf = (svg: string) =>
  `"d${createHash('sha256').update(svg).digest('base64url').slice(0, 16)}"`;
