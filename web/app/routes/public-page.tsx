import { App, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/public-page';
import { call } from '../api/client';
import { errorText } from '../api/page-data';
import { setUser } from '../lib/session';
import { safeRedirect } from '../lib/site';

export const meta = () => [{ title: '正在进入校内网' }];

/** intranet.md §4: typePage 1 goes to the portal's home, 2 to the staff home, else the error page. */
const TARGETS: Record<string, string> = { '1': '/index', '2': '/teachPage' };

/**
 * The entry from another system (intranet.md §2 publicPage): either a
 * one-time ticket the system asked this server for (`?ticket=`), or, only
 * where the school has set PUBLIC_ENTRY_PASSWORD, the spec's address
 * parameters staffCode, staffPass, staffType, typePage. Either way the
 * address is replaced at once, so a password or ticket stays in no history.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  window.history.replaceState(null, '', '/publicPage');
  const ticket = params.get('ticket');
  try {
    if (ticket) {
      const { target, ...user } = await call('cms/enter', {
        ticket,
      });
      setUser(user);
      return { target: safeRedirect(target) ?? '/error', error: null };
    }
    const user = await call('login/publicEntry', {
      staffCode: params.get('staffCode') ?? '',
      staffPass: params.get('staffPass') ?? '',
      staffType: params.get('staffType') ?? '',
    });
    setUser(user);
    return { target: TARGETS[params.get('typePage') ?? ''] ?? '/error', error: null };
  } catch (err) {
    return { target: '/error', error: errorText(err) };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main id="main" className="cms-enter">
      <Spin size="large" tip="正在登录……">
        <div className="cms-enter-space" />
      </Spin>
    </main>
  );
}

/** Says how the entry went (登录成功, or the server's message), then goes on. */
export default function PublicPage({ loaderData }: Route.ComponentProps) {
  const { target, error } = loaderData;
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    if (error) message.error(error);
    else message.success('登录成功');
    void navigate(target, { replace: true });
  }, [target, error, message, navigate]);
  return (
    <main id="main" className="cms-enter">
      <Result status={error ? 'warning' : 'success'} title={error ?? '登录成功'} />
    </main>
  );
}
