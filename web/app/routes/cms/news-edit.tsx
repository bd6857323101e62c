import { Button, Result, Space, Spin, Typography } from 'antd';
import { Link, useNavigate, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/news-edit';
import { callUntyped as call } from '../../api/client';
import { errorText, intSearch } from '../../api/page-data';
import { NewsEditor, type CmsColumn } from '../../features/news/admin/NewsEditor';
import { emptyForm, formOf, type CmsNewsItem } from '../../features/news/admin/news-form';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '编辑新闻 - 内容管理平台' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const newId = intSearch(params, 'newId');
  const typeId = intSearch(params, 'typeId');
  try {
    const [columns, item] = await Promise.all([
      call<CmsColumn[]>('cms/news/columns'),
      newId ? call<CmsNewsItem>('cms/news/get', { newId }) : Promise.resolve(null),
    ]);
    return { newId, typeId, columns, item, error: null };
  } catch (err) {
    return { newId, typeId, columns: null, item: null, error: errorText(err) };
  }
}

/**
 * /cms/news/new?typeId= and /cms/news/edit?newId= (where the edit hand-off
 * lands): loads the columns and the item, then the editor. A save reloads
 * the item so the form shows what was stored.
 */
export default function CmsNewsEdit({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { newId, typeId, columns, item, error } = loaderData;

  if (error) {
    return (
      <Result
        status="warning"
        title={error}
        extra={
          <Link to="/cms/news">
            <Button>返回新闻管理</Button>
          </Link>
        }
      />
    );
  }
  if (!columns) return <Spin size="large" className="cms-loading" />;

  const postable = columns.filter((c) => c.mayPost).map((c) => c.typeId);
  const initial = item
    ? formOf(item)
    : emptyForm(typeId && postable.includes(typeId) ? typeId : undefined, user.staffName);
  return (
    <div className="cms-page">
      <Space className="cms-page-head" align="center">
        <Typography.Title level={4}>{item ? '编辑新闻' : '新增新闻'}</Typography.Title>
        <Link to="/cms/news">返回列表</Link>
      </Space>
      <NewsEditor
        key={item ? `${item.newId}-${item.updateDate}-${item.ifTop}` : 'new'}
        user={user}
        columns={columns}
        item={item}
        initial={initial}
        onSaved={(id) => {
          if (id !== newId) navigate(`/cms/news/edit?newId=${id}`, { replace: true });
          else void revalidate();
        }}
      />
    </div>
  );
}
