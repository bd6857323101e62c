import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, List, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import {
  SubjectEditor,
  subjectForm,
  type CmsSubjectItem,
} from '../../features/news/admin/SubjectEditor';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '专题子新闻 - 内容管理平台' }];

interface TopicList {
  newId: number;
  newsTitle: string;
  total: number;
  list: Array<{ subjectNewId: number; newsTitle: string; createDate: string }>;
}

/**
 * /cms/subject/new?newId= (a new sub-news of that topic) and
 * /cms/subject/edit?subjectNewId= (where visitType 29 lands): the topic's
 * sub-news beside the editor of one.
 */
export default function CmsSubjectEdit() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const subjectNewId = Number(params.get('subjectNewId')) || undefined;
  const [item, setItem] = useState<CmsSubjectItem | null>(null);
  const [topic, setTopic] = useState<TopicList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // Counts loads, so the editor starts afresh from what was just stored.
  const [loads, setLoads] = useState(0);
  const paramTopic = Number(params.get('newId')) || undefined;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const stored = subjectNewId
        ? await call<CmsSubjectItem>('cms/subject/get', { subjectNewId })
        : null;
      const newId = stored?.newId ?? paramTopic;
      if (!newId) throw new ApiError(400, '请选择专题');
      const list = await call<TopicList>('cms/subject/list', { newId, pageSize: 100 });
      return { stored, list };
    })()
      .then(({ stored, list }) => {
        if (cancelled) return;
        setItem(stored);
        setTopic(list);
        setError(null);
        setLoads((n) => n + 1);
      })
      .catch((err) => {
        if (!cancelled) setError(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
      });
    return () => {
      cancelled = true;
    };
  }, [subjectNewId, paramTopic, version]);

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
  if (!topic || (subjectNewId && !item)) return <Spin size="large" className="cms-loading" />;

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
          key={loads}
          topicId={topic.newId}
          item={item}
          initial={subjectForm(item, user.staffName)}
          onSaved={(id) => {
            if (id !== subjectNewId) navigate(`/cms/subject/edit?subjectNewId=${id}`);
            else setVersion((v) => v + 1);
          }}
          onDeleted={() => navigate(`/cms/subject/new?newId=${topic.newId}`, { replace: true })}
        />
      </div>
    </div>
  );
}
