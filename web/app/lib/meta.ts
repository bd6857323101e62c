import type { MetaDescriptor } from 'react-router';
import type { SiteInfo } from './site';
import { truncate } from './text';

interface RootMatch {
  id: string;
  data?: unknown;
}

/** The school's details from the root loader, for `meta` functions. */
export function siteOf(matches: ReadonlyArray<RootMatch | undefined>): Partial<SiteInfo> {
  const root = matches.find((m) => m?.id === 'root')?.data as { site?: SiteInfo } | undefined;
  return root?.site ?? {};
}

/**
 * `<title>`, description and Open Graph tags of a public page, so search
 * engines and chat apps show a card for a shared link.
 */
export function pageMeta(
  matches: ReadonlyArray<RootMatch | undefined>,
  page: { title?: string; description?: string; image?: string; type?: 'website' | 'article' },
): MetaDescriptor[] {
  const site = siteOf(matches);
  const siteName = site.name ?? '学校门户网站';
  const title = page.title ? `${page.title} - ${siteName}` : siteName;
  const description = truncate((page.description || site.intro || '').replace(/\s+/g, ' '), 150);
  // A shared link's card shows the item's own picture, else the school's logo.
  const image = page.image || site.logo || '/api/site/logo.svg';
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: page.title ?? siteName },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:type', content: page.type ?? 'website' },
  ];
}
