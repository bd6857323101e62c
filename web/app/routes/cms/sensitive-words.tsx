import { isContentAdmin } from '@school/common';
import type { SensitiveWordRow } from '@school/common/api';
import { App, Button, Form, Input, Popconfirm, Table } from 'antd';
import { useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/sensitive-words';
import { call } from '../../api/client';
import {
  errorText,
  intSearch,
  read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import { requireUser, type StoredUser } from '../../lib/session';
import { SearchInput } from '../../components/ui/SearchInput';

export const meta = () => [{ title: '敏感词管理 - 内容管理平台' }];

const PAGE_SIZE = 20;

/** The keyword and page are in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const keyword = params.get('keyword') ?? '';
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const page = isContentAdmin(user)
    ? await read(
        'cms/sensitiveWord/list',
        { keyword, pageNum, pageSize: PAGE_SIZE },
        { total: 0, list: [] },
      )
    : null;
  return { keyword, pageNum, page };
}

/**
 * 敏感词管理 (/cms/sensitiveWord, content administrators): the words titles
 * and bodies are checked against before a teacher submits or an
 * administrator publishes. Find, add, delete; a change counts at once.
 */
export default function CmsSensitiveWords({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { keyword, pageNum, page } = loaderData;
  useLoadFailure(page);
  const { message } = App.useApp();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const { change, setPage } = useSearchState();
  const [form] = Form.useForm<{ word: string }>();

  const add = async ({ word }: { word: string }) => {
    try {
      const added = await call('cms/sensitiveWord/add', { word });
      message.success(`已添加“${added.word}”`);
      form.resetFields();
      void revalidate();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const remove = async (row: SensitiveWordRow) => {
    try {
      await call('cms/sensitiveWord/delete', { wordId: row.wordId });
      message.success(`已删除“${row.word}”`);
      void revalidate();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <ContentAdminOnly user={user}>
      <section className="cms-panel" aria-label="敏感词管理">
        <h1>敏感词管理</h1>
        <p className="cms-hint">
          教师提交审核、管理员发布新闻和视频前，系统检查标题和正文（含专题的子新闻）是否含有下列词语：教师须修改后才能提交；管理员确认后可以发布，并记入操作日志。不区分大小写和全角半角。
        </p>
        <div className="cms-filters">
          <SearchInput
            allowClear
            placeholder="查找敏感词"
            aria-label="查找敏感词"
            style={{ width: 220 }}
            defaultValue={keyword}
            onSearch={(value) => change({ keyword: value.trim() || undefined })}
          />
          <Form form={form} layout="inline" onFinish={(values) => void add(values)}>
            <Form.Item
              name="word"
              rules={[
                { required: true, whitespace: true, message: '请输入敏感词' },
                { max: 50, message: '敏感词不能超过50个字' },
              ]}
            >
              <Input placeholder="新的敏感词" aria-label="新的敏感词" style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              添加敏感词
            </Button>
          </Form>
        </div>
        <Table<SensitiveWordRow>
          className="cms-words-table"
          rowKey="wordId"
          loading={loading}
          dataSource={page?.data.list ?? []}
          locale={{ emptyText: keyword ? '没有找到该词' : '暂无敏感词' }}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: page?.data.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 个`,
            onChange: setPage,
          }}
          columns={[
            { title: '敏感词', dataIndex: 'word' },
            {
              title: '添加人',
              dataIndex: 'staffName',
              render: (name: string) => name || '系统默认',
              responsive: ['sm'],
            },
            { title: '添加时间', dataIndex: 'createDate', responsive: ['md'] },
            {
              title: '操作',
              width: 90,
              render: (_, row) => (
                <Popconfirm
                  title={`删除“${row.word}”？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void remove(row)}
                >
                  <Button type="link" danger size="small" aria-label={`删除${row.word}`}>
                    删除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </section>
    </ContentAdminOnly>
  );
}
