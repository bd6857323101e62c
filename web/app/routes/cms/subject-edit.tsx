import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, List } from 'antd';
import { Link, useNavigate, useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/subject-edit';
import { ApiError, call } from '../../api/client';
import { intSearch } from '../../api/page-data';
import { EditorPage, loadEditor } from '../../components/editor/EditorPage';
import { SubjectEditor, subjectForm } from '../../features/news/admin/SubjectEditor';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '专题子新闻 - 内容管理平台' }];

/** Counts loads, so the editor starts afresh from what was just stored. */
let loads = 0;

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadEditor(request, async (params) => {
    const subjectNewId = intSearch(params, 'subjectNewId');
    const item = subjectNewId ? await call('cms/subject/get', { subjectNewId }) : null;
    const newId = item?.newId ?? intSearch(params, 'newId');
    if (!newId) throw new ApiError(400, '请选择专题');
    const topic = await call('cms/subject/list', { newId, pageSize: 100 });
    return { subjectNewId, item, topic, load: ++loads };
  });

/**
 * /cms/subject/new?newId= (a new sub-news of that topic) and
 * /cms/subject/edit?subjectNewId= (where visitType 29 lands): the topic's
 * sub-news beside the editor of one.
 */
export default function CmsSubjectEdit({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { data, error } = loaderData;

  return (
    <EditorPage error={error} back={{ to: '/cms/news', label: '返回新闻管理' }} heading={null}>
      {data && (
        <div className="cms-page cms-subject-page">
          <Card
            size="small"
            className="cms-subject-list"
            title={`专题：${data.topic.newsTitle}`}
            extra={
              <Link to={`/cms/news/edit?newId=${data.topic.newId}`} aria-label="编辑专题">
                编辑专题
              </Link>
            }
          >
            <Link to={`/cms/subject/new?newId=${data.topic.newId}`}>
              <Button type="dashed" block icon={<PlusOutlined aria-hidden />}>
                新增子新闻
              </Button>
            </Link>
            <List
              size="small"
              dataSource={data.topic.list}
              locale={{ emptyText: '暂无子新闻' }}
              renderItem={(row) => (
                <List.Item
                  className={row.subjectNewId === data.subjectNewId ? 'is-current' : undefined}
                >
                  <Link to={`/cms/subject/edit?subjectNewId=${row.subjectNewId}`}>
                    {row.newsTitle}
                  </Link>
                </List.Item>
              )}
            />
          </Card>
          <div className="cms-subject-main">
            <h1 className="cms-page-title">{data.item ? '编辑子新闻' : '新增子新闻'}</h1>
            <SubjectEditor
              key={data.load}
              topicId={data.topic.newId}
              item={data.item}
              initial={subjectForm(data.item, user.staffName)}
              onSaved={(id) => {
                if (id && id !== data.subjectNewId) {
                  navigate(`/cms/subject/edit?subjectNewId=${id}`);
                } else void revalidate();
              }}
              onDeleted={() =>
                navigate(`/cms/subject/new?newId=${data.topic.newId}`, { replace: true })
              }
            />
          </div>
        </div>
      )}
    </EditorPage>
  );
}
