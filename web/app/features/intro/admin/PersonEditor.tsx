import type { ApiBody, PersonForm } from '@school/common/api';
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
import { FMSM_OPTIONS, fmsmTypeName, personLabels } from './intro-types';

/** api/cms/fmsm/get (a version of api/cms/fmsm/revision has its fields). */
type PersonFields = PersonForm;
/** What a save sends besides the id and the version. */
type PersonSave = Omit<ApiBody<'cms/fmsm/save'>, 'fmsmId' | 'version'>;

type Values = IntroValues<
  PersonFields,
  'fmsmType',
  'fmsmTitle' | 'post' | 'plateType' | 'brith' | 'fmsmDesc' | 'fmsmCont'
>;

const PERSON_EDITOR: IntroEditorKind<PersonFields, Values, PersonSave> = {
  get: (fmsmId) => call('cms/fmsm/get', { fmsmId }),
  calls: {
    save: async (fmsmId, body, version) =>
      (await call('cms/fmsm/save', { ...body, fmsmId: fmsmId ?? undefined, version })).fmsmId,
    revisions: (fmsmId) => call('cms/fmsm/revisions', { fmsmId }),
    revision: (revisionId) => call('cms/fmsm/revision', { revisionId }),
    restore: (fmsmId, revisionId) => call('cms/fmsm/restore', { fmsmId, revisionId }),
  },
  empty: {
    fmsmTitle: '',
    post: '',
    plateType: '',
    brith: '',
    fmsmDesc: '',
    fmsmCont: '',
    picture: null,
    enableType: 1,
    sort: 0,
  },
  labels: {
    typeName: '栏目',
    name: '姓名',
    post: '职务或称号',
    plateType: '学校名称',
    brith: '任职时间',
    description: '简介',
    picture: '照片',
    content: '详细介绍',
    audience: '可见范围',
    sort: '排序号',
  },
  toValues: (person) => ({
    fmsmType: person.fmsmType,
    fmsmTitle: person.fmsmTitle,
    post: person.post,
    plateType: person.plateType,
    brith: person.brith,
    fmsmDesc: person.fmsmDesc,
    fmsmCont: person.fmsmCont,
    picture: pictureValue(person.picFileId, person.fmsmPic, person.fmsmTitle, person.picThumbUrl),
    enableType: person.enableType,
    sort: person.sort,
  }),
  comparable: (fields) => ({
    typeName: fields.fmsmType ? fmsmTypeName(fields.fmsmType) : '',
    name: fields.fmsmTitle ?? '',
    post: fields.post ?? '',
    plateType: fields.plateType ?? '',
    brith: fields.brith ?? '',
    description: fields.fmsmDesc ?? '',
    content: fields.fmsmCont ?? '',
    ...comparableTail({ ...fields, pictureUrl: 'fmsmPic' in fields ? fields.fmsmPic : undefined }),
  }),
};

const text = (max: number, label: string) => [{ max, message: `${label}不能超过${max}个字` }];

/**
 * The editor of a person in a drawer. The fields follow what meetfuyi shows
 * for the chosen type: the principals' table (school name, post, education,
 * tenure) or a card (photo, post, summary, full text). Fields a type does not
 * show are left as they are.
 */
export function PersonEditor({
  open,
  fmsmId,
  fmsmType,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The person being edited; null creates one. */
  fmsmId: number | null;
  /** The type a new person starts in (the list's filter). */
  fmsmType?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <IntroEditorDrawer
      kind={PERSON_EDITOR}
      open={open}
      id={fmsmId}
      title={fmsmId ? '编辑人物' : '新增人物'}
      initialValues={{ ...PERSON_EDITOR.empty, fmsmType }}
      toPayload={(checked) => {
        const current = personLabels(checked.fmsmType);
        return {
          // Required by the form; 0 is refused with the same message as none.
          fmsmType: checked.fmsmType ?? 0,
          fmsmTitle: checked.fmsmTitle.trim(),
          post: checked.post?.trim() ?? '',
          // Fields the type does not show are not sent, so they keep their value.
          plateType: current.plateType ? (checked.plateType?.trim() ?? '') : undefined,
          brith: current.brith ? (checked.brith?.trim() ?? '') : undefined,
          fmsmDesc: checked.fmsmDesc?.trim() ?? '',
          fmsmCont: current.content ? (checked.fmsmCont ?? '') : undefined,
          picFileId: current.picture ? (checked.picture?.fileId ?? 0) : undefined,
          enableType: checked.enableType,
          sort: checked.sort ?? 0,
        };
      }}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(values) => <PersonFieldsForm labels={personLabels(values?.fmsmType)} />}
    </IntroEditorDrawer>
  );
}

/** The person's fields, those the chosen type's public page shows. */
function PersonFieldsForm({ labels }: { labels: ReturnType<typeof personLabels> }) {
  return (
    <IntroFormLayout
      type={{ name: 'fmsmType', options: FMSM_OPTIONS, requiredMessage: '请选择人物栏目' }}
      title={{ name: 'fmsmTitle', label: labels.title, requiredMessage: '请输入姓名' }}
      picture={labels.picture}
      content={{ name: 'fmsmCont', label: labels.content }}
    >
      <Form.Item name="post" label={labels.post} rules={text(100, labels.post)}>
        <Input aria-label={labels.post} maxLength={100} />
      </Form.Item>
      {labels.plateType && (
        <Form.Item name="plateType" label={labels.plateType} rules={text(100, labels.plateType)}>
          <Input aria-label={labels.plateType} maxLength={100} />
        </Form.Item>
      )}
      {labels.brith && (
        <Form.Item
          name="brith"
          label={labels.brith}
          rules={text(100, labels.brith)}
          extra="如 1952年—1960年"
        >
          <Input aria-label={labels.brith} maxLength={100} />
        </Form.Item>
      )}
      <Form.Item name="fmsmDesc" label={labels.description} rules={text(1000, labels.description)}>
        {labels.picture ? (
          <Input.TextArea aria-label={labels.description} rows={3} maxLength={1000} showCount />
        ) : (
          <Input aria-label={labels.description} maxLength={100} />
        )}
      </Form.Item>
    </IntroFormLayout>
  );
}
