import { Result, Spin } from 'antd';
import { Link, replace } from 'react-router';
import type { Route } from './+types/enter';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { setUser } from '../../lib/session';
import { safeRedirect } from '../../lib/site';

export const meta = () => [{ title: '进入内容管理平台' }];

/**
 * The one-time link of the edit hand-off (`/cms/enter?ticket=`): exchanges the
 * ticket for a session of the same staff member, keeps the user as a login
 * does, and goes on to the item's editor in place of this address.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const ticket = new URL(request.url).searchParams.get('ticket') ?? '';
  let target: string;
  try {
    const entered = await call('cms/enter', { ticket });
    const { target: asked, ...user } = entered;
    setUser(user);
    target = safeRedirect(asked) ?? '/teachPage';
  } catch (err) {
    return { error: errorText(err) };
  }
  throw replace(target);
}
clientLoader.hydrate = true as const;

/** Shown while the ticket is exchanged. */
export function HydrateFallback() {
  return (
    <main id="main" className="cms-enter">
      <Spin size="large" tip="正在进入内容管理平台……">
        <div className="cms-enter-space" />
      </Spin>
    </main>
  );
}

export default function CmsEnter({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="cms-enter">
      <Result status="warning" title={loaderData.error} extra={<Link to="/index">返回首页</Link>} />
    </main>
  );
}
