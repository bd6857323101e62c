import { useNavigate, useOutletContext } from 'react-router';
import type { Route } from './+types/video-edit';
import { call } from '../../api/client';
import { intSearch } from '../../api/page-data';
import { EditorPage, loadEditor, useEditorReload } from '../../components/editor/EditorPage';
import { VideoEditor } from '../../features/video/admin/VideoEditor';
import { emptyForm, formOf } from '../../features/video/admin/video-form';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '编辑视频 - 内容管理平台' }];

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadEditor(request, async (params) => {
    const videoId = intSearch(params, 'videoId');
    const [categories, item] = await Promise.all([
      call('video/getVideoTypeList', { parentId: 0 }),
      videoId ? call('cms/video/get', { videoId }) : Promise.resolve(null),
    ]);
    return { videoId, categories, item };
  });

/**
 * /cms/video/edit?videoId= edits a video (where the edit hand-off, visitType
 * 30, lands); without videoId it creates one. After a save the list opens.
 */
export default function CmsVideoEdit({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const navigate = useNavigate();
  const { data, error } = loaderData;
  const item = data?.item ?? null;
  const { session, reload } = useEditorReload(
    data?.videoId,
    (id) => `/cms/video/edit?videoId=${id}`,
  );

  return (
    <EditorPage
      error={error}
      back={{ to: '/cms/video', label: '返回视频管理' }}
      heading={item ? '编辑视频' : '新增视频'}
    >
      {data && (
        <VideoEditor
          key={item ? `${item.videoId}-${item.updateDate}-${item.version}-${session}` : 'new'}
          user={user}
          categories={data.categories}
          item={item}
          initial={item ? formOf(item) : emptyForm(user.staffName)}
          onSaved={() => navigate('/cms/video')}
          onReload={reload}
        />
      )}
    </EditorPage>
  );
}
