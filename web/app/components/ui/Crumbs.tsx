import { Fragment } from 'react';
import { Link } from 'react-router';

/** 当前位置：首页 > ... ; the last step is the current page. */
export function Crumbs({
  items,
  home = '/index',
}: {
  items: Array<{ label: string; to?: string }>;
  /** Where 首页 goes: the portal's home, or the staff home on staff pages. */
  home?: string;
}) {
  return (
    <nav className="crumbs" aria-label="当前位置">
      <span>当前位置：</span>
      <Link to={home}>首页</Link>
      {items.map((item, i) => (
        <Fragment key={i}>
          <span className="crumbs-sep" aria-hidden>
            &gt;
          </span>
          {item.to ? <Link to={item.to}>{item.label}</Link> : <span>{item.label}</span>}
        </Fragment>
      ))}
    </nav>
  );
}
