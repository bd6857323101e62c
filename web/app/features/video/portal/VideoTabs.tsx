import { DownOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { Link } from 'react-router';
import type { VideoType } from './video-data';
import { splitCategories, videoCentreHref } from './categories';
import { useHydrated } from '../../../lib/use-hydrated';

function TabLink({ typeId, label, current }: { typeId: number; label: string; current: number }) {
  const active = typeId === current;
  return (
    <Link
      to={videoCentreHref(typeId)}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Link>
  );
}

/**
 * The video categories: 全部, the first 8 as tabs, the rest under 更多. Before
 * the page is interactive 更多 is a plain disclosure of links, so every
 * category stays reachable without JavaScript; then antd's Dropdown takes over.
 */
export function VideoTabs({ types, current }: { types: VideoType[]; current: number }) {
  const hydrated = useHydrated();
  const { tabs, more } = splitCategories(types);
  const chosen = more.find((t) => t.typeId === current);
  const moreLabel = chosen ? `更多：${chosen.typeName}` : '更多';
  return (
    <nav className="video-tabs" aria-label="视频分类">
      <ul>
        <li>
          <TabLink typeId={0} label="全部" current={current} />
        </li>
        {tabs.map((t) => (
          <li key={t.typeId}>
            <TabLink typeId={t.typeId} label={t.typeName} current={current} />
          </li>
        ))}
        {more.length > 0 && (
          <li className="video-more">
            {hydrated ? (
              <Dropdown
                trigger={['hover', 'click']}
                menu={{
                  selectedKeys: chosen ? [String(chosen.typeId)] : [],
                  items: more.map((t) => ({
                    key: String(t.typeId),
                    label: <Link to={videoCentreHref(t.typeId)}>{t.typeName}</Link>,
                  })),
                }}
              >
                <button type="button" className={chosen ? 'more-button active' : 'more-button'}>
                  {moreLabel} <DownOutlined aria-hidden />
                </button>
              </Dropdown>
            ) : (
              <details>
                <summary className={chosen ? 'active' : undefined}>{moreLabel}</summary>
                <ul>
                  {more.map((t) => (
                    <li key={t.typeId}>
                      <TabLink typeId={t.typeId} label={t.typeName} current={current} />
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}
