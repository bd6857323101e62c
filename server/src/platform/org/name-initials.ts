import { pinyin } from 'pinyin-pro';

/** Names whose initials are kept: a school's staff many times over. */
const KEPT = 20_000;
const kept = new Map<string, string>();

/**
 * The pinyin initials of a Chinese name, lower case (王华 → wh, 欧阳明 → oym), the
 * surname read as a surname (曾 → z, 单 → s). Letters and digits in the name stay as they
 * are; other characters drop out. Kept per name: names rarely change.
 */
export function nameInitials(name: string): string {
  const known = kept.get(name);
  if (known !== undefined) return known;
  const initials = pinyin(name, {
    pattern: 'first',
    toneType: 'none',
    type: 'array',
    surname: 'head',
    nonZh: 'consecutive',
  })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (kept.size >= KEPT) kept.clear();
  kept.set(name, initials);
  return initials;
}

/** Whether a search text can be initials: 2 to 8 Latin letters. */
export const looksLikeInitials = (text: string) => /^[a-z]{2,8}$/i.test(text);
