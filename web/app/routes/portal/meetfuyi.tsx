import type { Route } from './+types/meetfuyi';
import { loadIntro } from '../../features/intro/portal/intro-page';
import { serverTransport } from '../../api/server';
import { Crumbs } from '../../components/ui/Crumbs';
import { IntroContentView } from '../../features/intro/portal/IntroContent';
import { introMetaOf } from '../../features/intro/portal/intro-meta';
import { IntroMenu } from '../../features/intro/portal/IntroMenu';
import {
  introHref,
  introTitle,
  introViewOf,
  sectionLabel,
  sectionOf,
  subLabel,
  subSectionOf,
} from '../../features/intro/portal/sections';
import { PageCover } from '../../components/ui/PageCover';
import { pageMeta, siteOf } from '../../lib/meta';
import { useSite } from '../../root';
import css from '../../styles/portal-intro.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = introViewOf(request.url);
  return loadIntro(serverTransport(context), view, subSectionOf(view));
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { shortName = '', menu = {} } = siteOf(matches);
  const site = { shortName, menu };
  const introName = introTitle(site);
  if (!data) return pageMeta(matches, { title: introName });
  const sub = subSectionOf(data.view);
  const subName = subLabel(sub, site);
  const { itemTitle, description, image } = introMetaOf(data.content);
  const tab = sub.kind === 'people' ? sub.tabs.find((t) => t.code === data.view.tab) : undefined;
  const title = itemTitle ?? tab?.label;
  return pageMeta(matches, {
    title: title ? `${title} - ${subName}` : `${subName} - ${introName}`,
    description,
    image: image || data.cover?.coverUrl,
  });
};

/**
 * The Encounter section (meetfuyi?newsNum=1|2|3): cover, left menu and the
 * sub-section chosen by `sub` (with `tab`, `pageNum` and `item`).
 */
export default function Meetfuyi({ loaderData }: Route.ComponentProps) {
  const { view, cover, content } = loaderData;
  const site = useSite();
  const title = introTitle(site);
  const section = sectionOf(view);
  const sub = subSectionOf(view);
  const single = section.subs.length === 1;
  return (
    <main id="main" className="section-page intro-page">
      <PageCover cover={cover} title={title} />
      <div className="container section-body">
        <IntroMenu view={view} />
        <section className="section-main" aria-labelledby="intro-heading">
          <Crumbs
            items={[
              { label: title, to: introHref({ newsNum: 1 }) },
              single
                ? { label: sectionLabel(section, site) }
                : { label: sectionLabel(section, site), to: introHref({ newsNum: view.newsNum }) },
              ...(single
                ? []
                : [
                    {
                      label: subLabel(sub, site),
                      to: view.item
                        ? introHref({ newsNum: view.newsNum, sub: view.sub })
                        : undefined,
                    },
                  ]),
            ]}
          />
          <h1 id="intro-heading" className="intro-heading">
            {subLabel(sub, site)}
          </h1>
          <IntroContentView view={view} sub={sub} content={content} />
        </section>
      </div>
    </main>
  );
}
