import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, List, Result, Spin, Typography } from 'antd';
import { Link, useNavigate, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/subject-edit';
import { ApiError, callUntyped as call } from '../../api/client';
import { errorText, intSearch } from '../../api/page-data';
import {
  SubjectEditor,
  subjectForm,
  type CmsSubjectItem,
} from '../../features/news/admin/SubjectEditor';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '专题子新闻 - 内容管理平台' }];

interface TopicList {
  newId: number;
  newsTitle: string;
  total: number;
  list: Array<{ subjectNewId: number; newsTitle: string; createDate: string }>;
}

/** Counts loads, so the editor starts afresh from what was just stored. */
let loads = 0;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const subjectNewId = intSearch(params, 'subjectNewId');
  try {
    const item = subjectNewId
      ? await call<CmsSubjectItem>('cms/subject/get', { subjectNewId })
      : null;
    const newId = item?.newId ?? intSearch(params, 'newId');
    if (!newId) throw new ApiError(400, '请选择专题');
    const topic = await call<TopicList>('cms/subject/list', { newId, pageSize: 100 });
    return { subjectNewId, item, topic, load: ++loads, error: null };
  } catch (err) {
    return { subjectNewId, item: null, topic: null, load: loads, error: errorText(err) };
  }
}

/**
 * /cms/subject/new?newId= (a new sub-news of that topic) and
 * /cms/subject/edit?subjectNewId= (where visitType 29 lands): the topic's
 * sub-news beside the editor of one.
 */
export default function CmsSubjectEdit({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { subjectNewId, item, topic, load, error } = loaderData;

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
  if (!topic) return <Spin size="large" className="cms-loading" />;

  return (
    <div className="cms-page cms-subject-page">
      <Card
        size="small"
        className="cms-subject-list"
        title={`专题：${topic.newsTitle}`}
        extra={
          <Link to={`/cms/news/edit?newId=${topic.newId}`} aria-label="编辑专题">
            编辑专题
          </Link>
        }
      >
        <Link to={`/cms/subject/new?newId=${topic.newId}`}>
          <Button type="dashed" block icon={<PlusOutlined />}>
            新增子新闻
          </Button>
        </Link>
        <List
          size="small"
          dataSource={topic.list}
          locale={{ emptyText: '暂无子新闻' }}
          renderItem={(row) => (
            <List.Item className={row.subjectNewId === subjectNewId ? 'is-current' : undefined}>
              <Link to={`/cms/subject/edit?subjectNewId=${row.subjectNewId}`}>{row.newsTitle}</Link>
            </List.Item>
          )}
        />
      </Card>
      <div className="cms-subject-main">
        <Typography.Title level={4}>{item ? '编辑子新闻' : '新增子新闻'}</Typography.Title>
        <SubjectEditor
          key={load}
          topicId={topic.newId}
          item={item}
          initial={subjectForm(item, user.staffName)}
          onSaved={(id) => {
            if (id !== subjectNewId) navigate(`/cms/subject/edit?subjectNewId=${id}`);
            else void revalidate();
          }}
          onDeleted={() => navigate(`/cms/subject/new?newId=${topic.newId}`, { replace: true })}
        />
      </div>
    </div>
  );
}
