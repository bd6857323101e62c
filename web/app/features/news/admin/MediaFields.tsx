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

/** The set each content kind carries: 图集 pictures, 视频集 videos. */
const SETS = [
  {
    kind: 2,
    name: 'pictures',
    label: '图集图片',
    role: 'image',
    add: '上传图片',
    empty: '请上传图集图片',
  },
  { kind: 3, name: 'videos', label: '视频', role: 'video', add: '上传视频', empty: '请上传视频' },
] as const;

/**
 * The body of a news item or sub-news: the picture or video set of its
 * content kind (each with a caption; `required` refuses an empty set), the
 * rich text and the attachments.
 */
export function MediaFields({ kind, required }: { kind: number; required?: boolean }) {
  const set = SETS.find((s) => s.kind === kind);
  return (
    <>
      {set && (
        <Form.Item
          key={set.name}
          name={set.name}
          label={set.label}
          rules={required ? [{ required: true, type: 'array', min: 1, message: set.empty }] : []}
        >
          <FileListField
            kind={set.role}
            entryOf={entryOf(set.role)}
            addLabel={set.add}
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
