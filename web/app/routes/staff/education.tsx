import type { Route } from './+types/education';
import { emptyPage, read } from '../../api/page-data';
import { RESOURCES_TYPE } from '../../features/drive/drive-api';
import { DriveHome } from '../../features/drive/DriveHome';
import { requireUser } from '../../lib/session';
import type { DriveListPath } from '../../features/drive/drive-load';

export const meta = () => [{ title: '教学网盘 - 校内网' }];

/** intranet.md §9: the home's lists show 6. */
const HOME_LIST_SIZE = 6;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const list = (path: DriveListPath) =>
    read(path, { pageNum: 1, pageSize: HOME_LIST_SIZE }, emptyPage());
  const [count, types, folders, newest, shared, downloaded] = await Promise.all([
    read('resources/getResourcesNum', {}, 0),
    read('dictionary/list', { dicCode: RESOURCES_TYPE }, []),
    read('resources/getFolderList', { layer: 0 }, []),
    list('resources/getNewUpload'),
    list('resources/getHotShare'),
    list('resources/getHotDown'),
  ]);
  return { count, types, folders, newest, shared, downloaded };
}

export default function Education({ loaderData }: Route.ComponentProps) {
  return <DriveHome data={loaderData} />;
}
