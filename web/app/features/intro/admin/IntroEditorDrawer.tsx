import { App, Button, Drawer, Form, Space, Spin } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { errorText } from '../../../api/page-data';
import { ConflictNotice, EditorHistory } from '../../../components/editor/ContentEditor';
import { useContentSave, type ContentCalls } from '../../../components/editor/use-content-save';
import type { UploadedFile } from '../../../components/editor/uploads';
import { audienceName } from './AudienceField';
import { slowLoading } from '../../../components/ui/slow-loading';

/** What the get answer of every introduction item ends with. */
export interface IntroStored {
  picFileId: number | null;
  picThumbUrl?: string;
  enableType: number;
  sort: number;
  /** The version the item was read at. */
  version: number;
}

/**
 * The form's values of a stored item `F`: its type (unset for a new item),
 * its own text fields `Own`, then the picture as an upload, the audience and
 * the order (blank while typed).
 */
export type IntroValues<F, Type extends keyof F, Own extends keyof F> = Partial<Pick<F, Type>> &
  Pick<F, Own> & { picture: UploadedFile | null; enableType: number; sort: number | null };

/**
 * What sets the editor of one kind of introduction item apart (a page, a
 * person): its calls (api/cms/wwfz/*, api/cms/fmsm/*, typed by the contract),
 * its form and how versions compare. F: the item as get answers it; V: the
 * form's values; S: what a save sends besides the id and the version.
 */
export interface IntroEditorKind<F, V, S> {
  get: (id: number) => Promise<F>;
  calls: ContentCalls<S, Partial<F>>;
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
 * 版本记录 (compare with and restore earlier saves), 取消 and 保存, saving
 * as every content editor does (useContentSave: the version the item was
 * read at, a concurrent change shown with a reload). `children` draws the
 * fields from the form's current values; `toPayload` turns checked values
 * into the save's payload (the id and version are added).
 */
export function IntroEditorDrawer<F extends IntroStored, V extends object, S>({
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
  const [form] = Form.useForm<V>();
  const values = Form.useWatch([], { form, preserve: true }) as V | undefined;
  const { message } = App.useApp();
  const { calls, comparable } = kind;
  type FormValues = Parameters<typeof form.setFieldsValue>[0];

  // Mounted afresh for each opening (the list gives it a new key): no state to reset.
  const [item, setItem] = useState<F | null>(null);
  const [reads, setReads] = useState(0);
  const reload = useCallback(() => setReads((n) => n + 1), []);
  useEffect(() => {
    if (!id) return;
    let live = true;
    kind
      .get(id)
      .then((found) => {
        if (live) setItem(found);
      })
      .catch((err: unknown) => {
        if (live) message.error(errorText(err));
      });
    return () => {
      live = false;
    };
  }, [id, kind, message, reads]);
  const loading = Boolean(id) && !item;
  // Each read of the item (on opening, after a restore) goes into the form.
  useEffect(() => {
    if (item) form.setFieldsValue(kind.toValues(item) as FormValues);
  }, [item, kind, form]);

  // Each read of the item brings its version with its values into the form.
  const { save, busy, conflict } = useContentSave({
    form,
    calls,
    id,
    version: item?.version,
    initial: initialValues,
    toPayload,
    onStored: reload,
  });

  const saveAndClose = async () => {
    if ((await save(() => '保存成功')) === null) return;
    onSaved();
    onClose();
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
            <EditorHistory
              calls={calls}
              id={id}
              labels={kind.labels}
              fromVersion={comparable}
              current={comparable(values ?? kind.empty)}
              onRestored={() => {
                // The restored item is read again and goes into the form.
                reload();
                onSaved();
              }}
            />
          )}
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={slowLoading(busy)} onClick={() => void saveAndClose()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {conflict && <ConflictNotice message={conflict} onReload={reload} />}
        <Form form={form} layout="vertical" initialValues={initialValues}>
          {children(values)}
        </Form>
      </Spin>
    </Drawer>
  );
}
