/**
 * A link the pages may put in an href: an http(s) address with a host, or a
 * path of this site ('/...', but not '//host' nor '/\host', which browsers
 * read as another host). No spaces or control characters, which would make
 * it something else. `javascript:` and `data:` addresses never pass. The
 * server keeps only such links and the platform's forms check the same rule.
 */
export function isSafeLink(value: string): boolean {
  if (/[\s\p{Cc}]/u.test(value)) return false;
  return /^https?:\/\/[^/?#\\@:]+(:\d+)?([/?#]|$)/i.test(value) || /^\/(?![/\\])/.test(value);
}
