import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import type { LoginUser } from '@school/common';
import { setUser } from '../../lib/session';
import { safeRedirect } from '../../lib/site';

export const meta = () => [{ title: '进入内容管理平台' }];

/**
 * The one-time link of the edit hand-off (`/cms/enter?ticket=`): exchanges the
 * ticket for a session of the same staff member, keeps the user as a login
 * does, and goes on to the item's editor.
 */
export default function CmsEnter() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const ticket = params.get('ticket') ?? '';

  useEffect(() => {
    let cancelled = false;
    call<LoginUser & { target: string }>('cms/enter', { ticket })
      .then(({ target, ...user }) => {
        if (cancelled) return;
        setUser(user);
        navigate(safeRedirect(target) ?? '/teachPage', { replace: true });
      })
      .catch((err) => {
        if (!cancelled) setError(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
      });
    return () => {
      cancelled = true;
    };
  }, [ticket, navigate]);

  return (
    <main className="cms-enter">
      {error ? (
        <Result status="warning" title={error} extra={<Link to="/index">返回首页</Link>} />
      ) : (
        <Spin size="large" tip="正在进入内容管理平台……">
          <div className="cms-enter-space" />
        </Spin>
      )}
    </main>
  );
}
