import { SENSITIVE_LEVEL_NAMES } from '@school/common';
import type { SensitiveLevel, SensitiveWordRow } from '@school/common/api';
import { App, Button, Form, Input, Popconfirm, Select, Table } from 'antd';
import { useRevalidator } from 'react-router';
import { call } from '../../api/client';
import { errorText, usePageLoading, useSearchState } from '../../api/page-data';
import { SearchInput } from '../../components/ui/SearchInput';

export const LIST_PAGE_SIZE = 20;

/** One page of a list as the server answers it. */
export interface Listed<T> {
  total: number;
  list: T[];
}

const LEVEL_OPTIONS = (['block', 'warn'] as const).map((level) => ({
  value: level,
  label: SENSITIVE_LEVEL_NAMES[level],
}));

/**
 * The words of 敏感词管理 (/cms/sensitiveWord): find, add with a level, set a
 * word's level (禁止 / 提醒), delete; a change counts at once.
 */
export function WordList({
  keyword,
  pageNum,
  page,
}: {
  keyword: string;
  pageNum: number;
  page: Listed<SensitiveWordRow> | null;
}) {
  const { message } = App.useApp();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const { change, setPage } = useSearchState();
  const [form] = Form.useForm<{ word: string; level: SensitiveLevel }>();

  const act = async (step: () => Promise<string>) => {
    try {
      message.success(await step());
      void revalidate();
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    }
  };
  const add = async ({ word, level }: { word: string; level: SensitiveLevel }) => {
    const done = await act(async () => {
      const added = await call('cms/sensitiveWord/add', { word, level });
      return `已添加“${added.word}”（${SENSITIVE_LEVEL_NAMES[added.level]}）`;
    });
    if (done) form.resetFields();
  };
  const setLevel = (row: SensitiveWordRow, level: SensitiveLevel) =>
    void act(async () => {
      await call('cms/sensitiveWord/setLevel', { wordId: row.wordId, level });
      return `“${row.word}”已设为${SENSITIVE_LEVEL_NAMES[level]}`;
    });
  const remove = (row: SensitiveWordRow) =>
    void act(async () => {
      await call('cms/sensitiveWord/delete', { wordId: row.wordId });
      return `已删除“${row.word}”`;
    });

  return (
    <>
      <p className="cms-hint">
        教师提交审核、管理员发布新闻和视频前，系统检查标题和正文（含专题的子新闻）是否含有下列词语。
        <strong>禁止</strong>：教师须修改后才能提交，管理员确认后可以发布；
        <strong>提醒</strong>：可以提交，审核人通过或上架时须填写理由。两者都记入操作日志。
        紧跟在“远离、严禁、拒绝、防范”等提醒用语之后，或在允许短语之内的词不算命中。不区分大小写和全角半角。
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
        <Form
          form={form}
          layout="inline"
          initialValues={{ level: 'block' }}
          onFinish={(values) => void add(values)}
        >
          <Form.Item
            name="word"
            rules={[
              { required: true, whitespace: true, message: '请输入敏感词' },
              { max: 50, message: '敏感词不能超过50个字' },
            ]}
          >
            <Input placeholder="新的敏感词" aria-label="新的敏感词" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="level">
            <Select aria-label="新词的级别" options={LEVEL_OPTIONS} style={{ width: 90 }} />
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
        dataSource={page?.list ?? []}
        locale={{ emptyText: keyword ? '没有找到该词' : '暂无敏感词' }}
        pagination={{
          current: pageNum,
          pageSize: LIST_PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个`,
          onChange: setPage,
        }}
        columns={[
          { title: '敏感词', dataIndex: 'word' },
          {
            title: '级别',
            width: 110,
            render: (_, row) => (
              <Select
                size="small"
                aria-label={`${row.word}的级别`}
                value={row.level}
                options={LEVEL_OPTIONS}
                onChange={(level) => setLevel(row, level)}
                style={{ width: 80 }}
              />
            ),
          },
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
                onConfirm={() => remove(row)}
              >
                <Button type="link" danger size="small" aria-label={`删除${row.word}`}>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}
