import { isContentAdmin, isSafeLink } from '@school/common';
import type { NewsColumnChoice, NewsEditForm } from '@school/common/api';
import { App, DatePicker, Form, Input, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { call } from '../../../api/client';
import { errorText } from '../../../api/page-data';
import type { StoredUser } from '../../../lib/session';
import { searchResultHref } from '../../../lib/result-href';
import { ContentEditor, type EditorAction } from '../../../components/editor/ContentEditor';
import { ReviewHead } from '../../../components/editor/ReviewHead';
import type { SensitiveConsent } from '../../../components/editor/review';
import {
  AudienceField,
  CoverField,
  PublisherField,
  SourceField,
  TitleField,
} from '../../../components/editor/fields';
import { ContentTypeField, MediaFields } from './MediaFields';
import {
  NEWS_CALLS,
  NEWS_KIND,
  REVISION_LABELS,
  comparable,
  formComparable,
  payloadOf,
  type NewsFormValues,
} from './news-form';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** Columns grouped under their parents, only those the user may post to. */
function columnOptions(columns: NewsColumnChoice[]) {
  const names = new Map(columns.map((c) => [c.typeId, c.typeName]));
  const groups = new Map<string, Array<{ value: number; label: string }>>();
  for (const column of columns.filter((c) => c.mayPost)) {
    const group = names.get(column.parentId) ?? '其他栏目';
    groups.set(group, [
      ...(groups.get(group) ?? []),
      { value: column.typeId, label: column.typeName },
    ]);
  }
  return [...groups].map(([label, options]) => ({ label, options }));
}

/** Moves an item on to the shelf through whichever steps it still needs. */
async function publish(newId: number, consent: SensitiveConsent) {
  const { steps } = NEWS_KIND;
  const state = await call('cms/news/get', { newId });
  if (state.reviewState === 'draft' || state.reviewState === 'rejected') {
    await steps.submit(newId, consent);
    await steps.approve(newId, consent);
  } else if (state.reviewState === 'submitted') {
    await steps.approve(newId, consent);
  }
  if (state.ifShelves !== 1) await steps.shelve(newId, consent);
  const shelves = dayjs(state.shelvesDate, TIME);
  return shelves.isAfter(dayjs()) ? `已发布，将于 ${state.shelvesDate} 上线` : '已发布';
}

/** A teacher saves a draft or submits it; an administrator saves or publishes (approving and shelving in one go). */
const actionsFor = (admin: boolean): EditorAction[] =>
  admin
    ? [
        { label: '保存并发布', primary: true, screened: true, then: publish },
        { label: '保存', then: () => '已保存' },
      ]
    : [
        {
          label: '提交审核',
          primary: true,
          screened: true,
          then: async (newId) => {
            await NEWS_KIND.steps.submit(newId);
            return '已提交审核，请等待管理员审核';
          },
        },
        { label: '保存草稿', then: () => '已保存为草稿' },
      ];

/**
 * The news editor: every field of an item, its picture or video set and
 * attachments, the body, in the one content editor frame with the workflow
 * buttons the user has (a future shelves date makes a published item go
 * live then). 版本记录 compares with and restores earlier versions.
 */
export function NewsEditor({
  user,
  columns,
  item,
  initial,
  onSaved,
  onReload,
}: {
  user: StoredUser;
  columns: NewsColumnChoice[];
  /** The stored item, when editing. */
  item: NewsEditForm | null;
  initial: NewsFormValues;
  /** After a save: the item's id, to reload it. */
  onSaved: (newId: number) => void;
  /** Read the stored item again (a restore, a conflict, a half-done save). */
  onReload: (newId: number | undefined) => void;
}) {
  const { message } = App.useApp();
  const admin = isContentAdmin(user);

  const pin = async (newId: number, ifTop: boolean) => {
    try {
      await NEWS_KIND.steps.pin(newId, ifTop ? 1 : 0);
      message.success(ifTop ? '已置顶' : '已取消置顶');
      onReload(newId);
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <ContentEditor
      draft="news"
      calls={NEWS_CALLS}
      item={item && { id: item.newId, version: item.version }}
      initial={initial}
      toPayload={payloadOf}
      actions={actionsFor(admin)}
      sensitive={{ admin, texts: (v) => ({ title: v.newsTitle, content: v.newsContent }) }}
      head={
        item && (
          <ReviewHead
            kind={NEWS_KIND}
            item={item}
            admin={admin}
            pageHref={searchResultHref({ ...item, videoId: null })}
          >
            {admin && (
              <span className="cms-editor-pin">
                置顶{' '}
                <Switch
                  size="small"
                  checked={item.ifTop === 1}
                  onChange={(on) => void pin(item.newId, on)}
                  aria-label="置顶"
                />
              </span>
            )}
            {item.typeId === 4 && (
              <Link to={`/cms/subject/new?newId=${item.newId}`}>管理子新闻</Link>
            )}
          </ReviewHead>
        )
      }
      side={<NewsSettings columns={columns} />}
      revisions={{
        labels: REVISION_LABELS,
        fromVersion: comparable,
        fromForm: formComparable,
      }}
      onSaved={onSaved}
      onReload={onReload}
    >
      {(values) => (
        <>
          <TitleField name="newsTitle" />
          <Form.Item
            name="newsDesc"
            label="摘要"
            rules={[{ max: 1000, message: '摘要不能超过1000个字' }]}
          >
            <Input.TextArea
              rows={3}
              placeholder="列表中显示的简介（可选）"
              showCount
              maxLength={1000}
            />
          </Form.Item>
          <ContentTypeField />
          <MediaFields kind={values.newcontenttype} required />
        </>
      )}
    </ContentEditor>
  );
}

/** 发布设置 of a news item: column, cover, audience, school section, shelves date, source, link. */
function NewsSettings({ columns }: { columns: NewsColumnChoice[] }) {
  return (
    <>
      <Form.Item name="typeId" label="栏目" rules={[{ required: true, message: '请选择栏目' }]}>
        <Select placeholder="请选择栏目" options={columnOptions(columns)} aria-label="栏目" />
      </Form.Item>
      <CoverField label="封面图片" />
      <AudienceField publicLabel="门户公开" />
      <Form.Item name="schChange" label="学部">
        <Select
          aria-label="学部"
          options={[
            { value: 0, label: '全校' },
            { value: 1, label: '高中部' },
            { value: 2, label: '初中部' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="shelvesDate"
        label="上架时间"
        tooltip="留空为立即；选择将来的时间则到时自动发布"
        getValueProps={(value: string) => ({ value: value ? dayjs(value, TIME) : null })}
        normalize={(value: dayjs.Dayjs | null) => (value ? value.format(TIME) : '')}
      >
        <DatePicker
          showTime
          format={TIME}
          placeholder="立即"
          aria-label="上架时间"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <SourceField placeholder="如：校办公室" />
      <PublisherField />
      <Form.Item
        name="newsUrl"
        label="外部链接"
        tooltip="填写后点击标题直接打开此链接"
        rules={[
          {
            validator: async (_: unknown, value: string | undefined) => {
              if (value?.trim() && !isSafeLink(value.trim())) {
                throw new Error('链接地址须以 http:// 或 https:// 开头');
              }
            },
          },
        ]}
      >
        <Input placeholder="https://...（可选）" />
      </Form.Item>
    </>
  );
}
