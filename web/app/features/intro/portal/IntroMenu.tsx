import { Link } from 'react-router';
import { INTRO_SECTIONS, INTRO_TITLE, introHref, type IntroView } from './sections';

/** The left menu: the three sections, the open one with its sub-sections. */
export function IntroMenu({ view }: { view: IntroView }) {
  return (
    <nav className="side-tabs intro-menu" aria-label={INTRO_TITLE}>
      <h2>{INTRO_TITLE}</h2>
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
                {section.label}
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
                          {sub.label}
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
