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
import { WWFZ_OPTIONS, pageLabels, wwfzTypeName } from './intro-types';

/** api/cms/wwfz/get, and a version of api/cms/wwfz/revision. */
interface PageFields {
  wwfzType: number;
  wwfzTitle: string;
  enWwfzTitle: string;
  wwfzDesc: string;
  wwfzCont: string;
  picFileId: number | null;
  wwfzPic: string;
  picThumbUrl?: string;
  enableType: number;
  sort: number;
}

interface Values {
  wwfzType?: number;
  wwfzTitle: string;
  enWwfzTitle: string;
  wwfzDesc: string;
  wwfzCont: string;
  picture: UploadedFile | null;
  enableType: number;
  sort: number | null;
}

const EMPTY: Values = {
  wwfzTitle: '',
  enWwfzTitle: '',
  wwfzDesc: '',
  wwfzCont: '',
  picture: null,
  enableType: 1,
  sort: 0,
};

const LABELS = {
  typeName: '栏目',
  title: '标题',
  enTitle: '英文标题',
  description: '摘要',
  picture: '图片',
  content: '正文',
  audience: '可见范围',
  sort: '排序号',
};

/** What the version comparison reads, from a saved version or from the form. */
function comparable(
  fields: Partial<Omit<PageFields, 'sort'>> & {
    sort?: number | null;
    picture?: UploadedFile | null;
  },
) {
  return {
    typeName: fields.wwfzType ? wwfzTypeName(fields.wwfzType) : '',
    title: fields.wwfzTitle ?? '',
    enTitle: fields.enWwfzTitle ?? '',
    description: fields.wwfzDesc ?? '',
    picture: fields.picture !== undefined ? (fields.picture?.url ?? '') : (fields.wwfzPic ?? ''),
    content: fields.wwfzCont ?? '',
    audience: audienceName(fields.enableType ?? 1),
    sort: String(fields.sort ?? 0),
  };
}

const toValues = (page: PageFields): Values => ({
  wwfzType: page.wwfzType,
  wwfzTitle: page.wwfzTitle,
  enWwfzTitle: page.enWwfzTitle,
  wwfzDesc: page.wwfzDesc,
  wwfzCont: page.wwfzCont,
  picture: pictureValue(page.picFileId, page.wwfzPic, page.wwfzTitle, page.picThumbUrl),
  enableType: page.enableType,
  sort: page.sort,
});

const fetchPage = (wwfzId: number) => call<PageFields>('cms/wwfz/get', { wwfzId }).then(toValues);

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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], { form, preserve: true }) as Values | undefined;
  const [loaded, setLoaded] = useState(false);
  const loading = Boolean(wwfzId) && !loaded;
  const [saving, setSaving] = useState(false);
  const labels = pageLabels(values?.wwfzType);

  // Mounted afresh for each opening (the list gives it a new key): no state to reset.
  useEffect(() => {
    if (!wwfzId) return;
    let cancelled = false;
    fetchPage(wwfzId)
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
  }, [wwfzId, form, message]);

  const save = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    setSaving(true);
    try {
      await call('cms/wwfz/save', {
        wwfzId: wwfzId ?? undefined,
        wwfzType: checked.wwfzType,
        wwfzTitle: checked.wwfzTitle.trim(),
        enWwfzTitle: checked.enWwfzTitle?.trim() ?? '',
        wwfzDesc: checked.wwfzDesc?.trim() ?? '',
        wwfzCont: checked.wwfzCont ?? '',
        picFileId: checked.picture?.fileId ?? 0,
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
      title={wwfzId ? '编辑学校介绍页面' : '新增学校介绍页面'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {wwfzId && (
            <RevisionHistory
              list={() => call<RevisionRow[]>('cms/wwfz/revisions', { wwfzId })}
              load={async (revisionId) =>
                comparable(await call<PageFields>('cms/wwfz/revision', { revisionId }))
              }
              current={comparable(values ?? EMPTY)}
              labels={LABELS}
              onRestore={async (revisionId) => {
                await call('cms/wwfz/restore', { wwfzId, revisionId });
                form.setFieldsValue(await fetchPage(wwfzId));
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
        <Form form={form} layout="vertical" initialValues={{ ...EMPTY, wwfzType }}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="wwfzType"
                label="栏目"
                rules={[{ required: true, message: '请选择学校介绍栏目' }]}
              >
                <Select aria-label="栏目" placeholder="请选择栏目" options={WWFZ_OPTIONS} />
              </Form.Item>
              <Form.Item
                name="wwfzTitle"
                label={labels.title}
                rules={[
                  { required: true, whitespace: true, message: `请输入${labels.title}` },
                  { max: 200, message: `${labels.title}不能超过200个字` },
                ]}
              >
                <Input aria-label={labels.title} maxLength={200} />
              </Form.Item>
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
                <Input.TextArea
                  aria-label={labels.description}
                  rows={3}
                  maxLength={1000}
                  showCount
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="picture" label={labels.picture}>
                <UploadField kind="image" label={`上传${labels.picture}`} />
              </Form.Item>
              <AudienceAndSort />
            </Col>
          </Row>
          <Form.Item name="wwfzCont" label={labels.content}>
            <RichTextEditor placeholder={`请输入${labels.content}`} />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
