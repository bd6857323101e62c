import type { ApiBody, IntroPageForm } from '@school/common/api';
import { Form, Input } from 'antd';
import { call } from '../../../api/client';
import { pictureValue } from '../../../components/ui/Thumb';
import {
  IntroEditorDrawer,
  comparableTail,
  type IntroEditorKind,
  type IntroValues,
} from './IntroEditorDrawer';
import { IntroFormLayout } from './IntroFormLayout';
import { WWFZ_OPTIONS, pageLabels, wwfzTypeName } from './intro-types';

/** api/cms/wwfz/get (a version of api/cms/wwfz/revision has its fields). */
type PageFields = IntroPageForm;
/** What a save sends besides the id and the version. */
type PageSave = Omit<ApiBody<'cms/wwfz/save'>, 'wwfzId' | 'version'>;

type Values = IntroValues<
  PageFields,
  'wwfzType',
  'wwfzTitle' | 'enWwfzTitle' | 'wwfzDesc' | 'wwfzCont'
>;

const PAGE_EDITOR: IntroEditorKind<PageFields, Values, PageSave> = {
  get: (wwfzId) => call('cms/wwfz/get', { wwfzId }),
  calls: {
    save: async (wwfzId, body, version) =>
      (await call('cms/wwfz/save', { ...body, wwfzId: wwfzId ?? undefined, version })).wwfzId,
    revisions: (wwfzId) => call('cms/wwfz/revisions', { wwfzId }),
    revision: (revisionId) => call('cms/wwfz/revision', { revisionId }),
    restore: (wwfzId, revisionId) => call('cms/wwfz/restore', { wwfzId, revisionId }),
  },
  empty: {
    wwfzTitle: '',
    enWwfzTitle: '',
    wwfzDesc: '',
    wwfzCont: '',
    picture: null,
    enableType: 1,
    sort: 0,
  },
  labels: {
    typeName: '栏目',
    title: '标题',
    enTitle: '英文标题',
    description: '摘要',
    picture: '图片',
    content: '正文',
    audience: '可见范围',
    sort: '排序号',
  },
  toValues: (page) => ({
    wwfzType: page.wwfzType,
    wwfzTitle: page.wwfzTitle,
    enWwfzTitle: page.enWwfzTitle,
    wwfzDesc: page.wwfzDesc,
    wwfzCont: page.wwfzCont,
    picture: pictureValue(page.picFileId, page.wwfzPic, page.wwfzTitle, page.picThumbUrl),
    enableType: page.enableType,
    sort: page.sort,
  }),
  comparable: (fields) => ({
    typeName: fields.wwfzType ? wwfzTypeName(fields.wwfzType) : '',
    title: fields.wwfzTitle ?? '',
    enTitle: fields.enWwfzTitle ?? '',
    description: fields.wwfzDesc ?? '',
    content: fields.wwfzCont ?? '',
    ...comparableTail({ ...fields, pictureUrl: 'wwfzPic' in fields ? fields.wwfzPic : undefined }),
  }),
};

/**
 * The editor of a school-introduction page in a drawer: section, titles,
 * summary, picture, the rich-text body, who may see it and its order; 版本记录
 * compares with and restores earlier saves.
 */
export function IntroPageEditor({
  open,
  wwfzId,
  wwfzType,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The page being edited; null creates one. */
  wwfzId: number | null;
  /** The section a new page starts in (the list's filter). */
  wwfzType?: number;
  onClose: () => void;
  /** After a save or a restore: the list is read again. */
  onSaved: () => void;
}) {
  return (
    <IntroEditorDrawer
      kind={PAGE_EDITOR}
      open={open}
      id={wwfzId}
      title={wwfzId ? '编辑学校介绍页面' : '新增学校介绍页面'}
      initialValues={{ ...PAGE_EDITOR.empty, wwfzType }}
      toPayload={(checked) => ({
        // Required by the form; 0 is refused with the same message as none.
        wwfzType: checked.wwfzType ?? 0,
        wwfzTitle: checked.wwfzTitle.trim(),
        enWwfzTitle: checked.enWwfzTitle?.trim() ?? '',
        wwfzDesc: checked.wwfzDesc?.trim() ?? '',
        wwfzCont: checked.wwfzCont ?? '',
        picFileId: checked.picture?.fileId ?? 0,
        enableType: checked.enableType,
        sort: checked.sort ?? 0,
      })}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(values) => <PageFieldsForm labels={pageLabels(values?.wwfzType)} />}
    </IntroEditorDrawer>
  );
}

/** The page's fields, named as the chosen section's public page reads them. */
function PageFieldsForm({ labels }: { labels: ReturnType<typeof pageLabels> }) {
  return (
    <IntroFormLayout
      type={{ name: 'wwfzType', options: WWFZ_OPTIONS, requiredMessage: '请选择学校介绍栏目' }}
      title={{ name: 'wwfzTitle', label: labels.title, requiredMessage: `请输入${labels.title}` }}
      picture={labels.picture}
      content={{ name: 'wwfzCont', label: labels.content }}
    >
      <Form.Item
        name="enWwfzTitle"
        label="英文标题"
        rules={[{ max: 200, message: '英文标题不能超过200个字' }]}
      >
        <Input aria-label="英文标题" maxLength={200} />
      </Form.Item>
      <Form.Item
        name="wwfzDesc"
        label={labels.description}
        rules={[{ max: 1000, message: `${labels.description}不能超过1000个字` }]}
      >
        <Input.TextArea aria-label={labels.description} rows={3} maxLength={1000} showCount />
      </Form.Item>
    </IntroFormLayout>
  );
}
