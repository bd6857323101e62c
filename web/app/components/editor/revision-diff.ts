import { diffChars } from 'diff';

/** A field's value as a person reads it: HTML as its text, lists and objects as JSON. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (!/<[a-z][^>]*>/i.test(value)) return value;
    return value
      .replace(/<img[^>]*\balt="([^"]*)"[^>]*>/gi, '[图片 $1]')
      .replace(/<img[^>]*>/gi, '[图片]')
      .replace(/<\/(p|h[1-6]|li|blockquote|div|tr)>/gi, '\n')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\n{2,}/g, '\n')
      .trim();
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

export interface FieldDiff {
  key: string;
  label: string;
  changed: boolean;
  parts: DiffPart[];
}

/**
 * Field-by-field comparison of a saved version with the current item:
 * character diffs (Chinese has no spaces between words), what the version
 * had shown as removed, what the current item has as added.
 */
export function compareVersions(
  version: Record<string, unknown>,
  current: Record<string, unknown>,
  labels: Record<string, string>,
): FieldDiff[] {
  return Object.entries(labels).map(([key, label]) => {
    const before = readableValue(version[key]);
    const after = readableValue(current[key]);
    if (before === after) {
      return { key, label, changed: false, parts: [{ text: after, kind: 'same' }] };
    }
    const parts = diffChars(before, after).map((part): DiffPart => ({
      text: part.value,
      kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    }));
    return { key, label, changed: true, parts };
  });
}
