import { App, Button, Drawer, Form, Space, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { RevisionHistory, type RevisionRow } from '../../../components/editor/RevisionHistory';
import type { UploadedFile } from '../../../components/editor/uploads';
import { errorText } from '../../../api/page-data';
import { audienceName } from './AudienceField';

/**
 * What sets the editor of one kind of introduction item apart (a page, a
 * person): its calls (api/cms/wwfz/*, api/cms/fmsm/*, typed by the contract),
 * its form and how versions compare. F: the item as get answers it; V: the
 * form's values; S: what a save sends (the id is added).
 */
export interface IntroEditorKind<F, V, S> {
  get: (id: number) => Promise<F>;
  save: (id: number | null, payload: S) => Promise<unknown>;
  revisions: (id: number) => Promise<RevisionRow[]>;
  revision: (revisionId: number) => Promise<Partial<F>>;
  restore: (id: number, revisionId: number) => Promise<unknown>;
  /** The form of a new item. */
  empty: V;
  /** The names of the fields the version comparison shows, in its order. */
  labels: Record<string, string>;
  /** The form's values from an answer of <base>/get. */
  toValues: (fields: F) => V;
  /** What the version comparison reads, from a saved version or from the form. */
  comparable: (fields: Partial<F> | V) => Record<string, string>;
}

/** The fields every introduction form ends with, as the version comparison shows them. */
export function comparableTail(fields: {
  picture?: UploadedFile | null;
  pictureUrl?: string;
  enableType?: number;
  sort?: number | null;
}) {
  return {
    picture: fields.picture !== undefined ? (fields.picture?.url ?? '') : (fields.pictureUrl ?? ''),
    audience: audienceName(fields.enableType ?? 1),
    sort: String(fields.sort ?? 0),
  };
}

/**
 * The drawer an introduction item is edited in: it reads the item, and offers
 * 版本记录 (compare with and restore earlier saves), 取消 and 保存. `children`
 * draws the fields from the form's current values; `toPayload` turns checked
 * values into the save's payload (the id is added).
 */
export function IntroEditorDrawer<F, V extends object, S>({
  kind,
  open,
  id,
  title,
  initialValues,
  toPayload,
  onClose,
  onSaved,
  children,
}: {
  kind: IntroEditorKind<F, V, S>;
  open: boolean;
  /** The item being edited; null creates one. */
  id: number | null;
  title: string;
  initialValues: Partial<V>;
  toPayload: (checked: V) => S;
  onClose: () => void;
  /** After a save or a restore: the list is read again. */
  onSaved: () => void;
  children: (values: V | undefined) => ReactNode;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const values = Form.useWatch([], { form, preserve: true }) as V | undefined;
  const [saving, setSaving] = useState(false);
  const { comparable } = kind;
  type FormValues = Parameters<typeof form.setFieldsValue>[0];

  // Mounted afresh for each opening (the list gives it a new key): no state to reset.
  const [item, setItem] = useState<F | null>(null);
  const [reads, setReads] = useState(0);
  const reload = () => setReads((n) => n + 1);
  useEffect(() => {
    if (!id) return;
    let live = true;
    kind
      .get(id)
      .then((found) => {
        if (live) setItem(found);
      })
      .catch((err: unknown) => message.error(errorText(err)));
    return () => {
      live = false;
    };
  }, [id, kind, message, reads]);
  const loading = Boolean(id) && !item;
  // Each read of the item (on opening, after a restore) goes into the form.
  useEffect(() => {
    if (item) form.setFieldsValue(kind.toValues(item) as FormValues);
  }, [item, kind, form]);

  const save = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    setSaving(true);
    try {
      await kind.save(id, toPayload(checked));
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
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {id && (
            <RevisionHistory
              list={() => kind.revisions(id)}
              load={async (revisionId) => comparable(await kind.revision(revisionId))}
              current={comparable(values ?? kind.empty)}
              labels={kind.labels}
              onRestore={async (revisionId) => {
                await kind.restore(id, revisionId);
                // The restored item is read again and goes into the form.
                reload();
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
        <Form form={form} layout="vertical" initialValues={initialValues}>
          {children(values)}
        </Form>
      </Spin>
    </Drawer>
  );
}
