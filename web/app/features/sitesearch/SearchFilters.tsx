import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { SearchType } from './search-form';

export interface FilterValues {
  str?: string;
  newcontenttype?: string;
  releaseUser?: string;
  beginDate?: string;
  endDate?: string;
  videoTypeId?: string;
}

interface FormValues {
  str?: string;
  newcontenttype?: string;
  releaseUser?: string;
  range?: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null;
  videoTypeId?: string;
}

const CONTENT_TYPES = [
  { value: '', label: '全部类型' },
  { value: '1', label: '普通新闻' },
  { value: '2', label: '图片集' },
  { value: '3', label: '视频集' },
];

const KEYWORD_LABEL: Record<SearchType, string> = {
  1: '关键字',
  4: '关键字',
  5: '关键字',
  2: '姓名',
  3: '电话',
  6: '关键字',
};

/** One tab's filter form (intranet.md §2): what it searches by, sent as the address's filters. */
export function SearchFilters({
  type,
  values,
  videoTypes,
  onSearch,
}: {
  type: SearchType;
  values: FilterValues;
  videoTypes: Array<{ typeId: number; typeName: string }>;
  onSearch: (values: FilterValues) => void;
}) {
  // 查老师 and 查电话 search by one field; 查资料 by words in a file's name or text.
  const oneField = type === 2 || type === 3 || type === 6;
  const initial: FormValues = {
    str: values.str,
    newcontenttype: values.newcontenttype ?? '',
    releaseUser: values.releaseUser,
    videoTypeId: values.videoTypeId ?? '',
    range:
      values.beginDate || values.endDate
        ? [
            values.beginDate ? dayjs(values.beginDate) : null,
            values.endDate ? dayjs(values.endDate) : null,
          ]
        : null,
  };
  const submit = (form: FormValues) =>
    onSearch({
      str: form.str?.trim() || undefined,
      newcontenttype: form.newcontenttype || undefined,
      releaseUser: form.releaseUser?.trim() || undefined,
      videoTypeId: form.videoTypeId || undefined,
      beginDate: form.range?.[0]?.format('YYYY-MM-DD'),
      endDate: form.range?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Form<FormValues>
      // A new address (the banner's box, another tab) shows its own values.
      key={`${type} ${JSON.stringify(values)}`}
      layout="inline"
      className="search-filters"
      initialValues={initial}
      onFinish={submit}
    >
      <Form.Item name="str" label={KEYWORD_LABEL[type]}>
        <Input
          allowClear
          maxLength={50}
          placeholder={
            type === 3
              ? '输入电话号码'
              : type === 2
                ? '输入老师姓名'
                : type === 6
                  ? '文件名称或文件中的词语'
                  : '输入关键字'
          }
        />
      </Form.Item>
      {type === 1 && (
        <Form.Item name="newcontenttype" label="内容类型">
          <Select options={CONTENT_TYPES} style={{ width: 120 }} />
        </Form.Item>
      )}
      {type === 5 && (
        <Form.Item name="videoTypeId" label="视频分类">
          <Select
            style={{ width: 140 }}
            options={[
              { value: '', label: '全部分类' },
              ...videoTypes.map((t) => ({ value: String(t.typeId), label: t.typeName })),
            ]}
          />
        </Form.Item>
      )}
      {!oneField && (
        <>
          <Form.Item name="releaseUser" label="发布人">
            <Input allowClear maxLength={50} placeholder="发布人" />
          </Form.Item>
          <Form.Item name="range" label="日期">
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={['开始日期', '结束日期']}
            />
          </Form.Item>
        </>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form.Item>
    </Form>
  );
}
