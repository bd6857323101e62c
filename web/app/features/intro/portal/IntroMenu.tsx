import { Link } from 'react-router';
import { useSite } from '../../../root';
import {
  INTRO_SECTIONS,
  introHref,
  introTitle,
  sectionLabel,
  subLabel,
  type IntroView,
} from './sections';

/** The left menu: the three sections, the open one with its sub-sections. */
export function IntroMenu({ view }: { view: IntroView }) {
  const site = useSite();
  const title = introTitle(site);
  return (
    <nav className="side-tabs intro-menu" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {INTRO_SECTIONS.map((section) => {
          const open = section.newsNum === view.newsNum;
          const single = section.subs.length === 1;
          return (
            <li key={section.newsNum} className={open ? 'open' : undefined}>
              <Link
                to={introHref({ newsNum: section.newsNum })}
                className={`intro-menu-section${open && single ? ' active' : ''}`}
                aria-current={open && single ? 'page' : undefined}
              >
                {sectionLabel(section, site)}
              </Link>
              {open && !single && (
                <ul>
                  {section.subs.map((sub, i) => {
                    const current = view.sub === i + 1;
                    return (
                      <li key={sub.label}>
                        <Link
                          to={introHref({ newsNum: section.newsNum, sub: i + 1 })}
                          className={current ? 'active' : undefined}
                          aria-current={current ? 'page' : undefined}
                        >
                          {subLabel(sub, site)}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
