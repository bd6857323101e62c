import type { Route } from './+types/folder-detail';
import { intSearch, read } from '../../api/page-data';
import { RESOURCES_TYPE } from '../../features/drive/drive-api';
import { ResourceDetailView } from '../../features/drive/ResourceDetailView';
import { requireUser } from '../../lib/session';

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.detail.data?.resourcesName ?? '文件详情'} - 教学网盘` },
];

/** /folderDetail?resourcesId=.. (intranet.md §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const resourcesId = intSearch(new URL(request.url).searchParams, 'resourcesId') ?? 0;
  const [detail, types] = await Promise.all([
    read('resources/getResourcesDetail', { resourcesId }, null),
    read('dictionary/list', { dicCode: RESOURCES_TYPE }, []),
  ]);
  return { resourcesId, detail, types };
}

export default function FolderDetail({ loaderData }: Route.ComponentProps) {
  return <ResourceDetailView data={loaderData} />;
}
