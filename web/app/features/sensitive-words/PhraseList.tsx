import type { AllowedPhraseRow } from '@school/common/api';
import { App, Button, Form, Input, Popconfirm, Table } from 'antd';
import { useRevalidator } from 'react-router';
import { call } from '../../api/client';
import { errorText, usePageLoading, useSearchState } from '../../api/page-data';
import { LIST_PAGE_SIZE, type Listed } from './WordList';
import { SearchInput } from '../../components/ui/SearchInput';

/**
 * The allowed phrases of 敏感词管理 (/cms/sensitiveWord?tab=phrases): a
 * listed word inside one of them is not a hit (反赌博宣传). Find, add, delete.
 */
export function PhraseList({
  keyword,
  pageNum,
  page,
}: {
  keyword: string;
  pageNum: number;
  page: Listed<AllowedPhraseRow> | null;
}) {
  const { message } = App.useApp();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const { change, setPage } = useSearchState();
  const [form] = Form.useForm<{ phrase: string }>();

  const add = async ({ phrase }: { phrase: string }) => {
    try {
      const added = await call('cms/allowedPhrase/add', { phrase });
      message.success(`已添加“${added.phrase}”`);
      form.resetFields();
      void revalidate();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const remove = async (row: AllowedPhraseRow) => {
    try {
      await call('cms/allowedPhrase/delete', { phraseId: row.phraseId });
      message.success(`已删除“${row.phrase}”`);
      void revalidate();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <>
      <p className="cms-hint">
        敏感词出现在下列短语之内时不算命中，例如“反赌博宣传”中的“赌博”。短语只豁免它自己，正文其他地方的敏感词照常检查。
      </p>
      <div className="cms-filters">
        <SearchInput
          allowClear
          placeholder="查找允许短语"
          aria-label="查找允许短语"
          style={{ width: 220 }}
          defaultValue={keyword}
          onSearch={(value) => change({ keyword: value.trim() || undefined })}
        />
        <Form form={form} layout="inline" onFinish={(values) => void add(values)}>
          <Form.Item
            name="phrase"
            rules={[
              { required: true, whitespace: true, message: '请输入允许短语' },
              { max: 50, message: '允许短语不能超过50个字' },
            ]}
          >
            <Input placeholder="新的允许短语" aria-label="新的允许短语" style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            添加允许短语
          </Button>
        </Form>
      </div>
      <Table<AllowedPhraseRow>
        className="cms-words-table"
        rowKey="phraseId"
        loading={loading}
        dataSource={page?.list ?? []}
        locale={{ emptyText: keyword ? '没有找到该短语' : '暂无允许短语' }}
        pagination={{
          current: pageNum,
          pageSize: LIST_PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个`,
          onChange: setPage,
        }}
        columns={[
          { title: '允许短语', dataIndex: 'phrase' },
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
                title={`删除“${row.phrase}”？`}
                okText="删除"
                cancelText="取消"
                onConfirm={() => void remove(row)}
              >
                <Button type="link" danger size="small" aria-label={`删除${row.phrase}`}>
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
