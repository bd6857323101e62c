import { Form, Radio } from 'antd';
import { FileListField } from '../../../components/editor/FileListField';
import { RichTextEditor } from '../../../components/editor/RichTextEditor';
import type { UploadedFile } from '../../../components/editor/uploads';
import type { EditorFile, FileRole } from './news-form';

const entryOf =
  (role: FileRole) =>
  (uploaded: UploadedFile): EditorFile => ({
    role,
    fileId: uploaded.fileId,
    legacyPath: null,
    fileName: uploaded.fileName,
    caption: null,
    url: uploaded.url,
    thumbUrl: uploaded.thumbUrl,
  });

/** 内容形式 of a news item or sub-news: 图文, 图集 (a picture set) or 视频集 (a video set). */
export function ContentTypeField() {
  return (
    <Form.Item name="newcontenttype" label="内容形式">
      <Radio.Group
        optionType="button"
        options={[
          { value: 1, label: '图文' },
          { value: 2, label: '图集' },
          { value: 3, label: '视频集' },
        ]}
      />
    </Form.Item>
  );
}

/**
 * The body of a news item or sub-news: the picture or video set of its
 * content kind (each with a caption; `required` refuses an empty set), the
 * rich text and the attachments.
 */
export function MediaFields({ kind, required }: { kind: number; required?: boolean }) {
  const set = (message: string) =>
    required ? [{ required: true, type: 'array' as const, min: 1, message }] : [];
  return (
    <>
      {kind === 2 && (
        <Form.Item name="pictures" label="图集图片" rules={set('请上传图集图片')}>
          <FileListField
            kind="image"
            entryOf={entryOf('image')}
            addLabel="上传图片"
            text="caption"
          />
        </Form.Item>
      )}
      {kind === 3 && (
        <Form.Item name="videos" label="视频" rules={set('请上传视频')}>
          <FileListField
            kind="video"
            entryOf={entryOf('video')}
            addLabel="上传视频"
            text="caption"
          />
        </Form.Item>
      )}
      <Form.Item name="newsContent" label="正文">
        <RichTextEditor />
      </Form.Item>
      <Form.Item name="attachments" label="附件">
        <FileListField kind="attachment" entryOf={entryOf('attachment')} addLabel="上传附件" />
      </Form.Item>
    </>
  );
}
