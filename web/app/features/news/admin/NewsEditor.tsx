import { isSafeLink } from '@school/common';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, callUntyped as call } from '../../../api/client';
import type { StoredUser } from '../../../lib/session';
import { searchResultHref } from '../../../lib/result-href';
import { RevisionHistory, type RevisionRow } from '../../../components/editor/RevisionHistory';
import { RichTextEditor } from '../../../components/editor/RichTextEditor';
import { UploadField } from '../../../components/editor/UploadField';
import { FileListField } from './FileListField';
import {
  REVISION_LABELS,
  comparable,
  formComparable,
  payloadOf,
  type CmsNewsItem,
  type NewsFormValues,
} from './news-form';

export interface CmsColumn {
  typeId: number;
  typeName: string;
  parentId: number;
  mayPost: boolean;
}

const STATE_COLORS: Record<CmsNewsItem['reviewState'], string> = {
  draft: 'default',
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
};

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** Columns grouped under their parents, only those the user may post to. */
function columnOptions(columns: CmsColumn[]) {
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

/**
 * The news editor: every field of an item, its picture or video set and
 * attachments, the body, and the workflow buttons the user has: a teacher
 * saves a draft or submits it; an administrator saves or publishes
 * (approving and shelving in one go; a future shelves date makes it go live
 * then). 版本记录 compares with and restores earlier versions.
 */
export function NewsEditor({
  user,
  columns,
  item,
  initial,
  onSaved,
}: {
  user: StoredUser;
  columns: CmsColumn[];
  /** The stored item, when editing. */
  item: CmsNewsItem | null;
  initial: NewsFormValues;
  /** After a save: the item's id, to reload it. */
  onSaved: (newId: number) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NewsFormValues>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('newcontenttype', form) ?? initial.newcontenttype;
  const values = Form.useWatch([], form) as NewsFormValues | undefined;
  const admin = user.isPower === 1;
  const newId = item?.newId;

  const save = async (): Promise<number | null> => {
    let values: NewsFormValues;
    try {
      values = await form.validateFields();
    } catch {
      message.error('请检查表单中标红的内容');
      return null;
    }
    const saved = await call<{ newId: number }>(
      'cms/news/save',
      payloadOf({ ...initial, ...values }, newId),
    );
    return saved.newId;
  };

  /** Moves an item on to the shelf through whichever steps it still needs. */
  const publish = async (id: number) => {
    const state = await call<CmsNewsItem>('cms/news/get', { newId: id });
    if (state.reviewState === 'draft' || state.reviewState === 'rejected') {
      await call('cms/news/submit', { newId: id });
      await call('cms/news/approve', { newId: id });
    } else if (state.reviewState === 'submitted') {
      await call('cms/news/approve', { newId: id });
    }
    if (state.ifShelves !== 1) await call('cms/news/shelve', { newId: id });
    const shelves = dayjs(state.shelvesDate, TIME);
    return shelves.isAfter(dayjs()) ? `已发布，将于 ${state.shelvesDate} 上线` : '已发布';
  };

  const run = async (step: 'save' | 'submit' | 'publish') => {
    setBusy(true);
    try {
      const id = await save();
      if (id === null) return;
      let done = '已保存';
      if (step === 'submit') {
        await call('cms/news/submit', { newId: id });
        done = '已提交审核，请等待管理员审核';
      } else if (step === 'publish') {
        done = await publish(id);
      } else if (!admin) {
        done = '已保存为草稿';
      }
      message.success(done);
      onSaved(id);
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  const pin = async (ifTop: boolean) => {
    if (!newId) return;
    try {
      await call('cms/news/pin', { newId, ifTop: ifTop ? 1 : 0 });
      message.success(ifTop ? '已置顶' : '已取消置顶');
      onSaved(newId);
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    }
  };

  const restore = async (revisionId: number) => {
    if (!newId) return;
    await call('cms/news/restore', { newId, revisionId });
    onSaved(newId);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      className="cms-editor"
      requiredMark
      onFinish={() => void run(admin ? 'publish' : 'submit')}
    >
      {item && (
        <Space className="cms-editor-state" wrap>
          <Tag color={STATE_COLORS[item.reviewState]}>{item.reviewStateName}</Tag>
          {item.live ? (
            <Tag color="green">已上架</Tag>
          ) : item.scheduled ? (
            <Tag color="gold">定时发布：{item.shelvesDate}</Tag>
          ) : (
            <Tag>未上架</Tag>
          )}
          {admin && (
            <span className="cms-editor-pin">
              置顶{' '}
              <Switch size="small" checked={item.ifTop === 1} onChange={pin} aria-label="置顶" />
            </span>
          )}
          <span className="cms-editor-updated">最后修改：{item.updateDate}</span>
          {item.typeId === 4 && <Link to={`/cms/subject/new?newId=${item.newId}`}>管理子新闻</Link>}
          <a href={searchResultHref({ ...item, videoId: null })} target="_blank" rel="noreferrer">
            {item.live ? '查看页面' : '预览'}
          </a>
        </Space>
      )}
      {!admin && item?.reviewState === 'approved' && (
        <Alert
          type="warning"
          showIcon
          title={
            item.live
              ? '此新闻已上架：保存修改后将暂时下架，重新审核通过后再上架。'
              : '此新闻已审核通过：保存修改后需要重新提交审核。'
          }
          className="cms-editor-alert"
        />
      )}
      {item?.reviewState === 'rejected' && item.reviewNote && (
        <Alert
          type="error"
          showIcon
          title={`退回原因：${item.reviewNote}`}
          className="cms-editor-alert"
        />
      )}
      <Row gutter={24}>
        <Col xs={24} lg={17}>
          <Form.Item
            name="newsTitle"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: '请输入标题' },
              { max: 200, message: '标题不能超过200个字' },
            ]}
          >
            <Input placeholder="请输入标题" showCount maxLength={200} />
          </Form.Item>
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
          <Form.Item name="newcontenttype" label="内容形式">
            <Radio.Group
              options={[
                { value: 1, label: '图文' },
                { value: 2, label: '图集' },
                { value: 3, label: '视频集' },
              ]}
              optionType="button"
            />
          </Form.Item>
          {kind === 2 && (
            <Form.Item
              name="pictures"
              label="图集图片"
              rules={[{ required: true, type: 'array', min: 1, message: '请上传图集图片' }]}
            >
              <FileListField role="image" addLabel="上传图片" captions />
            </Form.Item>
          )}
          {kind === 3 && (
            <Form.Item
              name="videos"
              label="视频"
              rules={[{ required: true, type: 'array', min: 1, message: '请上传视频' }]}
            >
              <FileListField role="video" addLabel="上传视频" captions />
            </Form.Item>
          )}
          <Form.Item name="newsContent" label="正文">
            <RichTextEditor />
          </Form.Item>
          <Form.Item name="attachments" label="附件">
            <FileListField role="attachment" addLabel="上传附件" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={7}>
          <Card size="small" title="发布设置" className="cms-editor-side">
            <Form.Item
              name="typeId"
              label="栏目"
              rules={[{ required: true, message: '请选择栏目' }]}
            >
              <Select placeholder="请选择栏目" options={columnOptions(columns)} aria-label="栏目" />
            </Form.Item>
            <Form.Item name="cover" label="封面图片">
              <UploadField kind="image" label="上传封面" />
            </Form.Item>
            <Form.Item name="enableType" label="可见范围">
              <Radio.Group
                options={[
                  { value: 1, label: '门户公开' },
                  { value: 2, label: '仅校内' },
                ]}
              />
            </Form.Item>
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
            <Form.Item
              name="source"
              label="来源"
              rules={[{ max: 100, message: '来源不能超过100个字' }]}
            >
              <Input placeholder="如：校办公室" />
            </Form.Item>
            <Form.Item
              name="releaseUser"
              label="发布人"
              rules={[{ max: 64, message: '发布人不能超过64个字' }]}
            >
              <Input />
            </Form.Item>
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
          </Card>
        </Col>
      </Row>
      <div className="cms-editor-actions">
        <Space wrap>
          {admin ? (
            <>
              <Button type="primary" htmlType="submit" loading={busy}>
                保存并发布
              </Button>
              <Button onClick={() => void run('save')} loading={busy}>
                保存
              </Button>
            </>
          ) : (
            <>
              <Button type="primary" htmlType="submit" loading={busy}>
                提交审核
              </Button>
              <Button onClick={() => void run('save')} loading={busy}>
                保存草稿
              </Button>
            </>
          )}
          {item && values && (
            <RevisionHistory
              list={async () =>
                (
                  await call<Array<RevisionRow & { createdAt: string }>>('cms/news/revisions', {
                    newId: item.newId,
                  })
                ).map((row) => ({ ...row, createDate: row.createdAt }))
              }
              load={async (revisionId) =>
                comparable(await call<CmsNewsItem>('cms/news/revision', { revisionId }))
              }
              current={formComparable({ ...initial, ...values })}
              labels={REVISION_LABELS}
              onRestore={restore}
            />
          )}
        </Space>
      </div>
    </Form>
  );
}
