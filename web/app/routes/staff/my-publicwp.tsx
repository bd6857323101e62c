import type { Route } from './+types/my-publicwp';
import { DriveListPage } from '../../features/drive/DriveListPage';
import {
  driveQueryOf,
  listPayload,
  readDictionaries,
  readList,
} from '../../features/drive/drive-load';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '我的公共资源 - 教学网盘' }];

/**
 * /myPublicwp?secondLevel=.. (intranet.md §1, §2): the files the person put in
 * the shared library, wherever they are, with the folder each is in; 编辑 for
 * each (the uploader may edit), and what every list offers.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const query = driveQueryOf(new URL(request.url).searchParams);
  const [list, { types, formats }] = await Promise.all([
    readList('resources/getMyPublicResources', listPayload(query)),
    readDictionaries(),
  ]);
  return { query, list, types, formats };
}

export default function MyPublicWp({ loaderData }: Route.ComponentProps) {
  return (
    <DriveListPage
      title="我的公共资源"
      data={loaderData}
      placeholder="文件名或关键字搜索"
      intro="我上传到教学网盘（公共盘）的文件"
      own
    />
  );
}
