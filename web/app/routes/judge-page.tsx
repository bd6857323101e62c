import { App, Spin } from 'antd';
import { useEffect } from 'react';
import { redirect, useNavigate } from 'react-router';
import type { Route } from './+types/judge-page';
import { intSearch } from '../api/page-data';
import { getUser } from '../lib/session';

export const meta = () => [{ title: '教学网盘分享' }];

/** Phones and tablets by their user agent (the server's first guess; the width decides after). */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger|Windows Phone/i;
/** Narrower than this is a phone, whatever its user agent says. */
const PHONE_WIDTH = 768;
const SHARE_CODE = /^[A-Za-z0-9_-]{1,16}$/;

/** The share page of a link's code (and its file, for 登录后查看). */
function sharePage(params: URLSearchParams): string | null {
  const code = params.get('shareCode') ?? '';
  if (!SHARE_CODE.test(code)) return null;
  const resourcesId = intSearch(params, 'resourcesId');
  return `/s/${code}${resourcesId ? `?resourcesId=${resourcesId}` : ''}`;
}

/** A phone goes to the share page at once, before any script runs. */
export function loader({ request }: Route.LoaderArgs) {
  const target = sharePage(new URL(request.url).searchParams);
  if (target && MOBILE_AGENT.test(request.headers.get('user-agent') ?? '')) throw redirect(target);
  return null;
}

/**
 * The share landing (intranet.md §4 judgePage, issue 19), open without a
 * login: a phone (by its user agent, or a narrow window) opens the share
 * page; a desktop with a stored login opens the file's detail as before; a
 * desktop without one opens the same share page, which offers 登录后查看.
 * A folder's link (fId) opens the share page for everyone.
 * A link without a share code keeps the spec's way: 请先登录 and the home
 * page with the login (yesorNo 1).
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const resourcesId = intSearch(params, 'resourcesId');
  const share = sharePage(params);
  const phone = window.innerWidth < PHONE_WIDTH || MOBILE_AGENT.test(window.navigator.userAgent);
  // A folder's link has no detail page: everyone opens its share page.
  if (share && (phone || params.has('fId'))) throw redirect(share);
  if (getUser()) {
    throw redirect(resourcesId ? `/folderDetail?resourcesId=${resourcesId}` : '/education');
  }
  if (share) throw redirect(share);
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
