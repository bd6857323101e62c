import { App, Button, Col, Drawer, Form, Input, Row, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../api/client';
import { RevisionHistory, type RevisionRow } from '../RevisionHistory';
import { RichTextEditor } from '../RichTextEditor';
import { UploadField } from '../UploadField';
import type { UploadedFile } from '../uploads';
import { pictureValue } from '../showcase/Thumb';
import { errorText } from '../showcase/use-cms-list';
import { AudienceAndSort, audienceName } from './AudienceField';
import { FMSM_OPTIONS, fmsmTypeName, personLabels } from './intro-types';

/** api/cms/fmsm/get, and a version of api/cms/fmsm/revision. */
interface PersonFields {
  fmsmType: number;
  fmsmTitle: string;
  post: string;
  plateType: string;
  brith: string;
  fmsmDesc: string;
  fmsmCont: string;
  picFileId: number | null;
  fmsmPic: string;
  picThumbUrl?: string;
  enableType: number;
  sort: number;
}

interface Values {
  fmsmType?: number;
  fmsmTitle: string;
  post: string;
  plateType: string;
  brith: string;
  fmsmDesc: string;
  fmsmCont: string;
  picture: UploadedFile | null;
  enableType: number;
  sort: number | null;
}

const EMPTY: Values = {
  fmsmTitle: '',
  post: '',
  plateType: '',
  brith: '',
  fmsmDesc: '',
  fmsmCont: '',
  picture: null,
  enableType: 1,
  sort: 0,
};

const LABELS = {
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
};

type Comparable = Partial<Omit<PersonFields, 'sort'>> & {
  sort?: number | null;
  picture?: UploadedFile | null;
};

/** What the version comparison reads, from a saved version or from the form. */
function comparable(fields: Comparable) {
  return {
    typeName: fields.fmsmType ? fmsmTypeName(fields.fmsmType) : '',
    name: fields.fmsmTitle ?? '',
    post: fields.post ?? '',
    plateType: fields.plateType ?? '',
    brith: fields.brith ?? '',
    description: fields.fmsmDesc ?? '',
    picture: fields.picture !== undefined ? (fields.picture?.url ?? '') : (fields.fmsmPic ?? ''),
    content: fields.fmsmCont ?? '',
    audience: audienceName(fields.enableType ?? 1),
    sort: String(fields.sort ?? 0),
  };
}

const toValues = (person: PersonFields): Values => ({
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
});

const fetchPerson = (fmsmId: number) =>
  call<PersonFields>('cms/fmsm/get', { fmsmId }).then(toValues);

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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], { form, preserve: true }) as Values | undefined;
  const [loaded, setLoaded] = useState(false);
  const loading = Boolean(fmsmId) && !loaded;
  const [saving, setSaving] = useState(false);
  const labels = personLabels(values?.fmsmType);

  // Mounted afresh for each opening (the list gives it a new key): no state to reset.
  useEffect(() => {
    if (!fmsmId) return;
    let cancelled = false;
    fetchPerson(fmsmId)
      .then((item) => {
        if (cancelled) return;
        form.setFieldsValue(item);
        setLoaded(true);
      })
      .catch((err: unknown) => {
        if (!cancelled) message.error(errorText(err));
      });
    return () => {
      cancelled = true;
    };
  }, [fmsmId, form, message]);

  const save = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    const current = personLabels(checked.fmsmType);
    setSaving(true);
    try {
      await call('cms/fmsm/save', {
        fmsmId: fmsmId ?? undefined,
        fmsmType: checked.fmsmType,
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
      });
      message.success('保存成功');
      onSaved();
      onClose();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      size={1000}
      title={fmsmId ? '编辑人物' : '新增人物'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {fmsmId && (
            <RevisionHistory
              list={() => call<RevisionRow[]>('cms/fmsm/revisions', { fmsmId })}
              load={async (revisionId) =>
                comparable(await call<PersonFields>('cms/fmsm/revision', { revisionId }))
              }
              current={comparable(values ?? EMPTY)}
              labels={LABELS}
              onRestore={async (revisionId) => {
                await call('cms/fmsm/restore', { fmsmId, revisionId });
                form.setFieldsValue(await fetchPerson(fmsmId));
                onSaved();
              }}
            />
          )}
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={{ ...EMPTY, fmsmType }}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="fmsmType"
                label="栏目"
                rules={[{ required: true, message: '请选择人物栏目' }]}
              >
                <Select aria-label="栏目" placeholder="请选择栏目" options={FMSM_OPTIONS} />
              </Form.Item>
              <Form.Item
                name="fmsmTitle"
                label={labels.title}
                rules={[
                  { required: true, whitespace: true, message: '请输入姓名' },
                  ...text(200, labels.title),
                ]}
              >
                <Input aria-label={labels.title} maxLength={200} />
              </Form.Item>
              <Form.Item name="post" label={labels.post} rules={text(100, labels.post)}>
                <Input aria-label={labels.post} maxLength={100} />
              </Form.Item>
              {labels.plateType && (
                <Form.Item
                  name="plateType"
                  label={labels.plateType}
                  rules={text(100, labels.plateType)}
                >
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
              <Form.Item
                name="fmsmDesc"
                label={labels.description}
                rules={text(1000, labels.description)}
              >
                {labels.picture ? (
                  <Input.TextArea
                    aria-label={labels.description}
                    rows={3}
                    maxLength={1000}
                    showCount
                  />
                ) : (
                  <Input aria-label={labels.description} maxLength={100} />
                )}
              </Form.Item>
            </Col>
            <Col span={12}>
              {labels.picture && (
                <Form.Item name="picture" label={labels.picture}>
                  <UploadField kind="image" label={`上传${labels.picture}`} />
                </Form.Item>
              )}
              <AudienceAndSort />
            </Col>
          </Row>
          {labels.content && (
            <Form.Item name="fmsmCont" label={labels.content}>
              <RichTextEditor placeholder={`请输入${labels.content}`} />
            </Form.Item>
          )}
        </Form>
      </Spin>
    </Drawer>
  );
}
