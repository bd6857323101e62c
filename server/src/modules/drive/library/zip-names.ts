/**
 * Names of 打包下载's entries, safe to unpack on Windows, macOS and Linux
 * whatever a stored name holds (old rows, names a resource was given by hand):
 * a zip tool writes each path component as a file or folder name, so each must
 * be one the three systems accept, never a path of its own.
 */

/** Characters Windows refuses in a name (macOS its ':', Linux its '/'), and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
/** Windows' device names, with or without an extension (CON, con.txt, COM1.tar.gz, LPT9 .txt). */
const RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³]) *(\..*)?$/i;
/** A name's extension, kept when a long name is cut (at most 16 characters, not the whole name). */
const EXTENSION = /(?<=.)\.[^.]{1,16}$/;
/** Bytes of one path component on the common file systems (ext4, APFS, NTFS's 255 UTF-16 units). */
export const NAME_MAX_BYTES = 255;

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** The longest start of `text` within `max` UTF-8 bytes, never splitting a character. */
function cutToBytes(text: string, max: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = bytesOf(char);
    if (used + size > max) break;
    out += char;
    used += size;
  }
  return out;
}

/**
 * One path component as any system accepts it: unsafe characters to '_', no
 * spaces before it or spaces and dots after it (Windows drops them), '.' and
 * '..' and blanks as `fallback`, device names prefixed with '_'.
 */
export function safeComponent(raw: string, fallback: string): string {
  let name = raw
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/^ +/, '')
    .replace(/[ .]+$/, '');
  if (!name) name = fallback;
  if (RESERVED.test(name)) name = `_${name}`;
  return name;
}

/**
 * `name` (already safe) with `suffix` (" (2)") before its extension, cut to
 * at most 255 UTF-8 bytes keeping the extension.
 */
export function fittedName(name: string, suffix = ''): string {
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - extension.length);
  const tail = suffix + extension;
  if (bytesOf(stem) + bytesOf(tail) <= NAME_MAX_BYTES) return stem + tail;
  // A cut may leave a space or dot at the end of the stem, harmless before an extension.
  const cut = cutToBytes(stem, NAME_MAX_BYTES - bytesOf(tail)) + tail;
  return extension ? cut : cut.replace(/[ .]+$/, '') || '_';
}

/**
 * Entry names of one zip: each folder's path and each file's, from safe
 * components, two of the same name in a folder (case and Unicode form
 * aside, as Windows and macOS compare them; a file and a folder alike)
 * told apart by " (2)", " (3)".
 */
export class ZipNames {
  private readonly taken = new Set<string>();

  /** A unique entry path under `parent` ('' or 'a/b/') for a name as stored. */
  claim(parent: string, raw: string, fallback: string): string {
    const safe = safeComponent(raw, fallback);
    for (let n = 1; ; n += 1) {
      const path = parent + fittedName(safe, n === 1 ? '' : ` (${n})`);
      const key = path.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return path;
      }
    }
  }
}
