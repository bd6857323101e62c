import { isContentAdmin } from '@school/common';
import type { VideoCategory, VideoEdit } from '@school/common/api';
import { Button, Form, Select, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { StoredUser } from '../../../lib/session';
import { ContentEditor, type EditorAction } from '../../../components/editor/ContentEditor';
import { FileListField } from '../../../components/editor/FileListField';
import { ReviewHead } from '../../../components/editor/ReviewHead';
import { RichTextEditor } from '../../../components/editor/RichTextEditor';
import {
  AudienceField,
  CoverField,
  PublisherField,
  SourceField,
  TitleField,
} from '../../../components/editor/fields';
import {
  REVISION_LABELS,
  VIDEO_CALLS,
  VIDEO_KIND,
  comparable,
  formComparable,
  payloadOf,
  videoPageHref,
  type VideoFileValue,
} from './video-form';

/**
 * A teacher saves a draft or saves and submits it for review (an edit of a
 * published video takes it off the portal until it is approved again); an
 * administrator saves, keeping the video where it is in the review.
 */
const actionsFor = (admin: boolean): EditorAction[] =>
  admin
    ? [{ label: '保存', primary: true, then: () => '保存成功' }]
    : [
        {
          label: '保存并提交审核',
          primary: true,
          screened: true,
          then: async (videoId) => {
            await VIDEO_KIND.steps.submit(videoId);
            return '已保存并提交审核，请等待管理员审核';
          },
        },
        { label: '保存', then: () => '已保存为草稿，提交审核后由管理员发布' },
      ];

const entryOf = (uploaded: { fileId: number; fileName: string; url: string }): VideoFileValue => ({
  fileId: uploaded.fileId,
  fileName: uploaded.fileName,
  url: uploaded.url,
});

/**
 * The video editor, in the one content editor frame: title, the ordered
 * video files each under a name of its own, introduction; category, cover,
 * audience, source and publisher. 版本记录 compares and restores versions.
 */
export function VideoEditor({
  user,
  categories,
  item,
  initial,
  onSaved,
  onReload,
}: {
  user: StoredUser;
  categories: VideoCategory[];
  /** The stored video, when editing. */
  item: VideoEdit | null;
  initial: Parameters<typeof payloadOf>[0];
  /** After a save (the page goes back to the list). */
  onSaved: (videoId: number) => void;
  /** Read the stored video again (a restore, a conflict, a half-done save). */
  onReload: (videoId: number | undefined) => void;
}) {
  const navigate = useNavigate();
  const admin = isContentAdmin(user);

  return (
    <ContentEditor
      draft="video"
      calls={VIDEO_CALLS}
      item={item && { id: item.videoId, version: item.version }}
      initial={initial}
      toPayload={payloadOf}
      actions={actionsFor(admin)}
      sensitive={{ admin, texts: (v) => ({ title: v.videoTitle, content: v.videoContent }) }}
      head={
        item && (
          <ReviewHead kind={VIDEO_KIND} item={item} admin={admin} pageHref={videoPageHref(item)}>
            {item.ifTop === 1 && <Tag color="red">置顶</Tag>}
          </ReviewHead>
        )
      }
      side={
        <>
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
          <CoverField />
          <AudienceField />
          <SourceField placeholder="如：校团委" />
          <PublisherField />
        </>
      }
      revisions={{
        labels: REVISION_LABELS,
        fromVersion: (version) => comparable(version, categories),
        fromForm: (values) => formComparable(values, categories),
      }}
      extra={<Button onClick={() => navigate('/cms/video')}>取消</Button>}
      onSaved={onSaved}
      onReload={onReload}
    >
      {() => (
        <>
          <TitleField name="videoTitle" required="请输入视频标题" placeholder="请输入视频标题" />
          <Form.Item
            name="files"
            label="视频文件"
            tooltip="视频页面按此顺序列出；名称可修改"
            rules={[{ required: true, type: 'array', min: 1, message: '请上传至少一个视频文件' }]}
          >
            <FileListField
              kind="video"
              entryOf={entryOf}
              addLabel="上传视频"
              pickerLabel="选择视频文件"
              text="name"
              empty="还没有视频文件"
            />
          </Form.Item>
          <Form.Item name="videoContent" label="简介">
            <RichTextEditor placeholder="请输入视频简介" />
          </Form.Item>
        </>
      )}
    </ContentEditor>
  );
}
