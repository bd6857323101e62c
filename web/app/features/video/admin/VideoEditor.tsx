import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, callUntyped as call } from '../../../api/client';
import type { StoredUser } from '../../../lib/session';
import { RevisionHistory } from '../../../components/editor/RevisionHistory';
import { RichTextEditor } from '../../../components/editor/RichTextEditor';
import { UploadField } from '../../../components/editor/UploadField';
import { VideoFilesField } from './VideoFilesField';
import {
  REVIEW_STATES,
  REVISION_LABELS,
  comparable,
  formComparable,
  payloadOf,
  videoPageHref,
  type CmsVideoItem,
  type VideoCategory,
  type VideoFormValues,
} from './video-form';

/**
 * The video editor: title, category, introduction, cover, the ordered video
 * files, source, publisher and audience. A teacher saves a draft or saves and
 * submits it for review (an edit of a published video takes it off the
 * portal until it is approved again); an administrator saves, keeping the
 * video where it is in the review. 版本记录 compares and restores versions.
 */
export function VideoEditor({
  user,
  categories,
  item,
  initial,
  onSaved,
  onRestored,
}: {
  user: StoredUser;
  categories: VideoCategory[];
  /** The stored video, when editing. */
  item: CmsVideoItem | null;
  initial: VideoFormValues;
  /** After a save: what to tell the user (the page goes back to the list). */
  onSaved: (done: string) => void;
  /** After a version was restored: the page reloads the video. */
  onRestored: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<VideoFormValues>();
  const [busy, setBusy] = useState(false);
  const values = Form.useWatch([], form) as VideoFormValues | undefined;
  const admin = user.isPower === 1;
  const videoId = item?.videoId;
  const state = item && REVIEW_STATES.find((s) => s.value === item.reviewState);

  const run = async (submit: boolean) => {
    let checked: VideoFormValues;
    try {
      checked = await form.validateFields();
    } catch {
      message.error('请检查表单中标红的内容');
      return;
    }
    setBusy(true);
    try {
      const saved = await call<{ videoId: number }>(
        'cms/video/save',
        payloadOf({ ...initial, ...checked }, videoId),
      );
      if (submit) await call('cms/video/submit', { videoId: saved.videoId });
      onSaved(
        submit
          ? '已保存并提交审核，请等待管理员审核'
          : admin
            ? '保存成功'
            : '已保存为草稿，提交审核后由管理员发布',
      );
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      className="cms-editor"
      requiredMark
      onFinish={() => void run(!admin)}
    >
      {item && state && (
        <Space className="cms-editor-state" wrap>
          <Tag color={state.color}>{item.reviewStateName}</Tag>
          {item.live ? <Tag color="green">已上架</Tag> : <Tag>未上架</Tag>}
          {item.ifTop === 1 && <Tag color="red">置顶</Tag>}
          <span className="cms-editor-updated">最后修改：{item.updateDate}</span>
          <a href={videoPageHref(item)} target="_blank" rel="noreferrer">
            {item.live ? '查看页面' : '预览'}
          </a>
        </Space>
      )}
      {item?.reviewState === 'rejected' && item.reviewNote && (
        <Alert
          type="error"
          showIcon
          title={`退回原因：${item.reviewNote}`}
          className="cms-editor-alert"
        />
      )}
      {item && !admin && item.reviewState === 'approved' && (
        <Alert
          type="warning"
          showIcon
          title={
            item.live
              ? '此视频已上架：保存修改后将暂时下架，重新审核通过后再由管理员上架。'
              : '此视频已审核通过：保存修改后需要重新提交审核。'
          }
          className="cms-editor-alert"
        />
      )}
      <Row gutter={24}>
        <Col xs={24} lg={17}>
          <Form.Item
            name="videoTitle"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: '请输入视频标题' },
              { max: 200, message: '标题不能超过200个字' },
            ]}
          >
            <Input placeholder="请输入视频标题" showCount maxLength={200} />
          </Form.Item>
          <Form.Item
            name="files"
            label="视频文件"
            tooltip="视频页面按此顺序列出；名称可修改"
            rules={[{ required: true, type: 'array', min: 1, message: '请上传至少一个视频文件' }]}
          >
            <VideoFilesField />
          </Form.Item>
          <Form.Item name="videoContent" label="简介">
            <RichTextEditor placeholder="请输入视频简介" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={7}>
          <Card size="small" title="发布设置" className="cms-editor-side">
            <Form.Item
              name="typeId"
              label="分类"
              rules={[{ required: true, message: '请选择视频分类' }]}
            >
              <Select
                placeholder="请选择视频分类"
                aria-label="分类"
                options={categories.map((c) => ({ value: c.typeId, label: c.typeName }))}
              />
            </Form.Item>
            <Form.Item name="cover" label="封面">
              <UploadField kind="image" label="上传封面" />
            </Form.Item>
            <Form.Item name="enableType" label="可见范围">
              <Radio.Group
                options={[
                  { value: 1, label: '公开' },
                  { value: 2, label: '仅校内' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="source"
              label="来源"
              rules={[{ max: 100, message: '来源不能超过100个字' }]}
            >
              <Input placeholder="如：校团委" />
            </Form.Item>
            <Form.Item
              name="releaseUser"
              label="发布人"
              rules={[{ max: 64, message: '发布人不能超过64个字' }]}
            >
              <Input />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <div className="cms-editor-actions">
        <Space wrap>
          {admin ? (
            <Button type="primary" htmlType="submit" loading={busy}>
              保存
            </Button>
          ) : (
            <>
              <Button type="primary" htmlType="submit" loading={busy}>
                保存并提交审核
              </Button>
              <Button onClick={() => void run(false)} loading={busy}>
                保存
              </Button>
            </>
          )}
          {item && values && (
            <RevisionHistory
              list={() => call('cms/video/revisions', { videoId: item.videoId })}
              load={async (revisionId) =>
                comparable(
                  await call<CmsVideoItem>('cms/video/revision', { revisionId }),
                  categories,
                )
              }
              current={formComparable({ ...initial, ...values }, categories)}
              labels={REVISION_LABELS}
              onRestore={async (revisionId) => {
                await call('cms/video/restore', { videoId: item.videoId, revisionId });
                onRestored();
              }}
            />
          )}
          <Button onClick={() => navigate('/cms/video')}>取消</Button>
        </Space>
      </div>
    </Form>
  );
}
