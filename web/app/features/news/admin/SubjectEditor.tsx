import type { ApiBody, SubjectEditForm, SubjectRevision } from '@school/common/api';
import { App, Button, Form, InputNumber, Popconfirm, Space } from 'antd';
import { call } from '../../../api/client';
import { errorText } from '../../../api/page-data';
import { ContentEditor } from '../../../components/editor/ContentEditor';
import { PublisherField, SourceField, TitleField } from '../../../components/editor/fields';
import type { ContentCalls } from '../../../components/editor/use-content-save';
import { ContentTypeField, MediaFields } from './MediaFields';
import { filesPayload, mediaOf, type MediaValues } from './news-form';

interface SubjectFormValues extends MediaValues {
  newsTitle: string;
  newsContent: string;
  source: string;
  releaseUser: string;
  sort: number;
}

export function subjectForm(item: SubjectEditForm | null, releaseUser: string): SubjectFormValues {
  return {
    newsTitle: item?.newsTitle ?? '',
    newsContent: item?.newsContent ?? '',
    newcontenttype: item?.newcontenttype ?? 1,
    source: item?.source ?? '',
    releaseUser: item?.releaseUser ?? releaseUser,
    sort: item?.sort ?? 0,
    ...mediaOf(item?.files ?? []),
  };
}

/** What a sub-news save sends besides the id and the version (the frame adds them). */
type SubjectSave = Omit<ApiBody<'cms/subject/save'>, 'subjectNewId' | 'version'>;

/** The editor frame's calls for sub-news (api/cms/subject/*). */
const SUBJECT_CALLS: ContentCalls<SubjectSave, SubjectRevision> = {
  save: async (subjectNewId, body, version) =>
    (await call('cms/subject/save', { ...body, subjectNewId: subjectNewId ?? undefined, version }))
      .subjectNewId,
  revisions: (subjectNewId) => call('cms/subject/revisions', { subjectNewId }),
  revision: (revisionId) => call('cms/subject/revision', { revisionId }),
  restore: (subjectNewId, revisionId) => call('cms/subject/restore', { subjectNewId, revisionId }),
};

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
  item: SubjectEditForm | null;
  initial: SubjectFormValues;
  /** After a save or a restore, and to read the stored sub-news again. */
  onSaved: (subjectNewId: number | undefined) => void;
  onDeleted: () => void;
}) {
  const { message } = App.useApp();

  const remove = async () => {
    if (!item) return;
    try {
      await call('cms/subject/delete', { subjectNewId: item.subjectNewId });
      message.success('已删除');
      onDeleted();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <ContentEditor
      draft={`subject-${topicId}`}
      calls={SUBJECT_CALLS}
      item={item && { id: item.subjectNewId, version: item.version }}
      initial={initial}
      toPayload={(values) => ({
        newId: topicId,
        newsTitle: values.newsTitle.trim(),
        newsContent: values.newsContent ?? '',
        newcontenttype: values.newcontenttype,
        source: values.source?.trim() ?? '',
        releaseUser: values.releaseUser?.trim() ?? '',
        sort: values.sort ?? 0,
        files: filesPayload(values),
      })}
      actions={[{ label: '保存', primary: true, then: () => '已保存' }]}
      revisions={{
        labels: LABELS,
        fromVersion: (version) => ({ ...version }),
        fromForm: (values) => ({ ...values }),
      }}
      extra={
        item && (
          <Popconfirm
            title="提示"
            description="是否确定删除?"
            okText="确定"
            cancelText="取消"
            onConfirm={() => void remove()}
          >
            <Button danger>删除</Button>
          </Popconfirm>
        )
      }
      onSaved={onSaved}
      onReload={onSaved}
    >
      {(values) => (
        <>
          <TitleField name="newsTitle" placeholder="请输入子新闻标题" />
          <Space size="large" wrap>
            <ContentTypeField />
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={100000} aria-label="排序" />
            </Form.Item>
            <SourceField />
            <PublisherField />
          </Space>
          <MediaFields kind={values.newcontenttype} />
        </>
      )}
    </ContentEditor>
  );
}
