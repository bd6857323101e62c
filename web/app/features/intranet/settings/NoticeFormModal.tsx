import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '../../../api/client';
import { LINK_HINT, TIME_FORMAT, linkRule, type NoticeRow } from './site-forms';
import { SettingsModal } from './SettingsModal';
import { EnabledField } from './site-rows';

interface Values {
  rollingnewsTitle: string;
  newsUrl?: string;
  shelvesDate?: Dayjs | null;
  sort?: number | null;
  enabled: boolean;
}

/** 新增通知 / 编辑通知: title, link, shelves date with time, order and enabled. */
export function NoticeFormModal({
  open,
  notice,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new notice. */
  notice: NoticeRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  // The form is made afresh at each opening (destroyOnHidden), from these values.
  const initial: Partial<Values> = notice
    ? {
        rollingnewsTitle: notice.rollingnewsTitle,
        newsUrl: notice.newsUrl ?? '',
        shelvesDate: dayjs(notice.shelvesDate),
        sort: notice.sort,
        enabled: notice.enabled === 1,
      }
    : { enabled: true, sort: 0 };

  return (
    <SettingsModal<Values>
      open={open}
      title={notice ? '编辑通知' : '新增通知'}
      name="notice"
      initialValues={initial}
      save={(values) =>
        call('cms/notice/save', {
          rollingnewsId: notice?.rollingnewsId,
          rollingnewsTitle: values.rollingnewsTitle.trim(),
          newsUrl: values.newsUrl?.trim() ?? '',
          shelvesDate: values.shelvesDate ? values.shelvesDate.format(TIME_FORMAT) : undefined,
          sort: values.sort ?? 0,
          enabled: values.enabled ? 1 : 0,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="rollingnewsTitle"
        label="通知标题"
        rules={[
          { required: true, whitespace: true, message: '请输入通知标题' },
          { max: 200, message: '通知标题不能超过200个字' },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={200} />
      </Form.Item>
      <Form.Item
        name="newsUrl"
        label="链接地址"
        tooltip={`可不填；${LINK_HINT}`}
        rules={[linkRule('链接地址'), { max: 500, message: '链接地址不能超过500个字' }]}
      >
        <Input placeholder="如 /pubNoti 或 https://..." />
      </Form.Item>
      <Form.Item
        name="shelvesDate"
        label="上架时间"
        tooltip="留空为立即显示；选择将来的时间，则到时才在滚动通知中显示"
      >
        <DatePicker
          showTime
          format={TIME_FORMAT}
          placeholder="立即"
          aria-label="上架时间"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="sort" label="排序号" tooltip="小的在前；相同时上架时间新的在前">
        <InputNumber aria-label="排序号" min={-100000} max={100000} precision={0} />
      </Form.Item>
      <EnabledField />
    </SettingsModal>
  );
}
