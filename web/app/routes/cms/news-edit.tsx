import { Button, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { NewsEditor, type CmsColumn } from '../../features/news/admin/NewsEditor';
import { emptyForm, formOf, type CmsNewsItem } from '../../features/news/admin/news-form';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '编辑新闻 - 内容管理平台' }];

/**
 * /cms/news/new?typeId= and /cms/news/edit?newId= (where the edit hand-off
 * lands): loads the columns and the item, then the editor. A save reloads
 * the item so the form shows what was stored.
 */
export default function CmsNewsEdit() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const newId = Number(params.get('newId')) || undefined;
  const typeId = Number(params.get('typeId')) || undefined;
  const [columns, setColumns] = useState<CmsColumn[] | null>(null);
  const [item, setItem] = useState<CmsNewsItem | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);

  useEffect(() => {
    let cancelled = false;
    Promise.all([
      call<CmsColumn[]>('cms/news/columns'),
      newId ? call<CmsNewsItem>('cms/news/get', { newId }) : Promise.resolve(null),
    ])
      .then(([columnRows, stored]) => {
        if (cancelled) return;
        setColumns(columnRows);
        setItem(stored);
        setError(null);
      })
      .catch((err) => {
        if (!cancelled) setError(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
      });
    return () => {
      cancelled = true;
    };
  }, [newId, version]);

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
  if (!columns || (newId && !item)) return <Spin size="large" className="cms-loading" />;

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
          else setVersion((v) => v + 1);
        }}
      />
    </div>
  );
}
