import { App, Button, Form, Input, InputNumber, Popconfirm, Radio, Space } from 'antd';
import { useState } from 'react';
import { ApiError, callUntyped as call } from '../../../api/client';
import { RevisionHistory, type RevisionRow } from '../../../components/editor/RevisionHistory';
import { RichTextEditor } from '../../../components/editor/RichTextEditor';
import { FileListField } from './FileListField';
import type { EditorFile, FileRole } from './news-form';

/** api/cms/subject/get (and /revision). */
export interface CmsSubjectItem {
  subjectNewId: number;
  newId: number;
  topicTitle: string;
  newsTitle: string;
  newsContent: string;
  newcontenttype: number;
  source: string | null;
  releaseUser: string | null;
  sort: number;
  files: Array<Omit<EditorFile, 'url'> & { filePath: string }>;
}

interface SubjectFormValues {
  newsTitle: string;
  newsContent: string;
  newcontenttype: number;
  source: string;
  releaseUser: string;
  sort: number;
  pictures: EditorFile[];
  videos: EditorFile[];
  attachments: EditorFile[];
}

export function subjectForm(item: CmsSubjectItem | null, releaseUser: string): SubjectFormValues {
  const files = (item?.files ?? []).map(({ filePath, ...file }) => ({ ...file, url: filePath }));
  const byRole = (role: FileRole) => files.filter((file) => file.role === role);
  return {
    newsTitle: item?.newsTitle ?? '',
    newsContent: item?.newsContent ?? '',
    newcontenttype: item?.newcontenttype ?? 1,
    source: item?.source ?? '',
    releaseUser: item?.releaseUser ?? releaseUser,
    sort: item?.sort ?? 0,
    pictures: byRole('image'),
    videos: byRole('video'),
    attachments: byRole('attachment'),
  };
}

const LABELS = { newsTitle: '标题', newsContent: '正文', source: '来源', releaseUser: '发布人' };

/**
 * The editor of one sub-news of a special topic: title, body, picture or
 * video set, attachments, order in the topic. Saved at once (a sub-news is
 * public with its topic); versions as for news.
 */
export function SubjectEditor({
  topicId,
  item,
  initial,
  onSaved,
  onDeleted,
}: {
  topicId: number;
  item: CmsSubjectItem | null;
  initial: SubjectFormValues;
  onSaved: (subjectNewId: number) => void;
  onDeleted: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SubjectFormValues>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('newcontenttype', form) ?? initial.newcontenttype;
  const values = Form.useWatch([], form) as SubjectFormValues | undefined;

  const save = async (values: SubjectFormValues) => {
    setBusy(true);
    try {
      const sets = kind === 2 ? values.pictures : kind === 3 ? values.videos : [];
      const files = [...(sets ?? []), ...(values.attachments ?? [])].map((file) => ({
        role: file.role,
        fileId: file.fileId,
        legacyPath: file.legacyPath,
        fileName: file.fileName,
        caption: file.caption?.trim() || null,
      }));
      const saved = await call<{ subjectNewId: number }>('cms/subject/save', {
        subjectNewId: item?.subjectNewId,
        newId: topicId,
        newsTitle: values.newsTitle.trim(),
        newsContent: values.newsContent ?? '',
        newcontenttype: values.newcontenttype,
        source: values.source?.trim() ?? '',
        releaseUser: values.releaseUser?.trim() ?? '',
        sort: values.sort ?? 0,
        files: JSON.stringify(files),
      });
      message.success('已保存');
      onSaved(saved.subjectNewId);
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!item) return;
    try {
      await call('cms/subject/delete', { subjectNewId: item.subjectNewId });
      message.success('已删除');
      onDeleted();
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      className="cms-editor"
      onFinish={(v) => void save(v)}
      onFinishFailed={() => message.error('请检查表单中标红的内容')}
    >
      <Form.Item
        name="newsTitle"
        label="标题"
        rules={[
          { required: true, whitespace: true, message: '请输入标题' },
          { max: 200, message: '标题不能超过200个字' },
        ]}
      >
        <Input placeholder="请输入子新闻标题" showCount maxLength={200} />
      </Form.Item>
      <Space size="large" wrap>
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
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={0} max={100000} aria-label="排序" />
        </Form.Item>
        <Form.Item
          name="source"
          label="来源"
          rules={[{ max: 100, message: '来源不能超过100个字' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="releaseUser"
          label="发布人"
          rules={[{ max: 64, message: '发布人不能超过64个字' }]}
        >
          <Input />
        </Form.Item>
      </Space>
      {kind === 2 && (
        <Form.Item name="pictures" label="图集图片">
          <FileListField role="image" addLabel="上传图片" captions />
        </Form.Item>
      )}
      {kind === 3 && (
        <Form.Item name="videos" label="视频">
          <FileListField role="video" addLabel="上传视频" captions />
        </Form.Item>
      )}
      <Form.Item name="newsContent" label="正文">
        <RichTextEditor />
      </Form.Item>
      <Form.Item name="attachments" label="附件">
        <FileListField role="attachment" addLabel="上传附件" />
      </Form.Item>
      <div className="cms-editor-actions">
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>
            保存
          </Button>
          {item && values && (
            <RevisionHistory
              list={() =>
                call<RevisionRow[]>('cms/subject/revisions', { subjectNewId: item.subjectNewId })
              }
              load={async (revisionId) => ({
                ...(await call<CmsSubjectItem>('cms/subject/revision', { revisionId })),
              })}
              current={{ ...initial, ...values }}
              labels={LABELS}
              onRestore={async (revisionId) => {
                await call('cms/subject/restore', { subjectNewId: item.subjectNewId, revisionId });
                onSaved(item.subjectNewId);
              }}
            />
          )}
          {item && (
            <Popconfirm
              title="提示"
              description="是否确定删除?"
              okText="确定"
              cancelText="取消"
              onConfirm={() => void remove()}
            >
              <Button danger>删除</Button>
            </Popconfirm>
          )}
        </Space>
      </div>
    </Form>
  );
}
