import { Link } from 'react-router';

/** Tabs that are links (`tab` in the address), so each tab renders on the server. */
export function IntroTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: Array<{ id: number; label: string; href: string }>;
  current: number | undefined;
}) {
  return (
    <nav className="intro-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.href}
          className={tab.id === current ? 'active' : undefined}
          aria-current={tab.id === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
