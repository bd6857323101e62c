import { useOutletContext } from 'react-router';
import type { Route } from './+types/news-edit';
import { call } from '../../api/client';
import { intSearch } from '../../api/page-data';
import { EditorPage, loadEditor, useEditorReload } from '../../components/editor/EditorPage';
import { NewsEditor } from '../../features/news/admin/NewsEditor';
import { emptyForm, formOf } from '../../features/news/admin/news-form';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '编辑新闻 - 内容管理平台' }];

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadEditor(request, async (params) => {
    const newId = intSearch(params, 'newId');
    const [columns, item] = await Promise.all([
      call('cms/news/columns'),
      newId ? call('cms/news/get', { newId }) : Promise.resolve(null),
    ]);
    return { newId, typeId: intSearch(params, 'typeId'), columns, item };
  });

/**
 * /cms/news/new?typeId= and /cms/news/edit?newId= (where the edit hand-off
 * lands): loads the columns and the item, then the editor. A save reloads
 * the item so the form shows what was stored.
 */
export default function CmsNewsEdit({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { data, error } = loaderData;
  const item = data?.item ?? null;
  const { session, reload } = useEditorReload(data?.newId, (id) => `/cms/news/edit?newId=${id}`);

  return (
    <EditorPage
      error={error}
      back={{ to: '/cms/news', label: '返回新闻管理' }}
      heading={item ? '编辑新闻' : '新增新闻'}
    >
      {data && (
        <NewsEditor
          // Each reading of the item (a save, a restore, a pin) starts the editor afresh.
          key={item ? `${item.newId}-${item.updateDate}-${item.version}-${session}` : 'new'}
          user={user}
          columns={data.columns}
          item={item}
          initial={
            item
              ? formOf(item)
              : emptyForm(
                  data.columns.some((c) => c.mayPost && c.typeId === data.typeId)
                    ? data.typeId
                    : undefined,
                  user.staffName,
                )
          }
          onSaved={reload}
          onReload={reload}
        />
      )}
    </EditorPage>
  );
}
