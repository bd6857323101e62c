import type { Route } from './+types/drive-ranking';
import { DriveListPage } from '../../features/drive/DriveListPage';
import {
  driveQueryOf,
  listPayload,
  readDictionaries,
  readList,
  type DriveListPath,
} from '../../features/drive/drive-load';
import { requireUser } from '../../lib/session';

/** intranet.md §2: /newUpload, /jinqiPage, /hotDown, the drive home's three 更多. */
const LISTS: Record<string, { title: string; path: DriveListPath }> = {
  '/newUpload': { title: '最新上传', path: 'resources/getNewUpload' },
  '/jinqiPage': { title: '近期热门', path: 'resources/getHotShare' },
  '/hotDown': { title: '热门下载', path: 'resources/getHotDown' },
};

const listOf = (pathname: string) => LISTS[pathname] ?? LISTS['/newUpload'];

export const meta = ({ location }: Route.MetaArgs) => [
  { title: `${listOf(location.pathname).title} - 教学网盘` },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const url = new URL(request.url);
  const { title, path } = listOf(url.pathname);
  const query = driveQueryOf(url.searchParams);
  const [list, { types, formats }] = await Promise.all([
    readList(path, listPayload(query, true)),
    readDictionaries(),
  ]);
  return { title, query, list, types, formats };
}

export default function DriveRanking({ loaderData }: Route.ComponentProps) {
  return <DriveListPage title={loaderData.title} data={loaderData} ranked />;
}
