import { App, Spin } from 'antd';
import { useEffect } from 'react';
import { redirect, useNavigate } from 'react-router';
import type { Route } from './+types/judge-page';
import { intSearch } from '../api/page-data';
import { getUser } from '../lib/session';

export const meta = () => [{ title: '教学网盘分享' }];

/**
 * The share landing (intranet.md §4 judgePage), open without a login: with a
 * stored login the file's detail opens; without, 请先登录 and the home page,
 * which offers the login (yesorNo 1) and then opens the file.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const resourcesId = intSearch(new URL(request.url).searchParams, 'resourcesId');
  if (getUser()) {
    throw redirect(resourcesId ? `/folderDetail?resourcesId=${resourcesId}` : '/education');
  }
  return { login: `/index?yesorNo=1${resourcesId ? `&resourcesId=${resourcesId}` : ''}` };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main id="main" className="staff-loading">
      <Spin size="large" />
    </main>
  );
}

export default function JudgePage({ loaderData }: Route.ComponentProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    message.warning('请先登录');
    navigate(loaderData.login, { replace: true });
  }, [loaderData.login, message, navigate]);
  return <HydrateFallback />;
}
