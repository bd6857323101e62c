import { Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useAction } from '../../../api/page-data';

/**
 * The dialog of a settings form: 保存 validates (an invalid form shows its
 * messages beside the fields and sends nothing), runs `save` with the values
 * and says 保存成功 or the server's message; `onSaved` after it worked. The
 * form is made afresh at each opening (destroyOnHidden), from `initialValues`.
 */
export function SettingsModal<Values>({
  open,
  title,
  name,
  form: given,
  initialValues,
  save,
  onClose,
  onSaved,
  intro,
  children,
}: {
  open: boolean;
  title: string;
  /** The form's name (its fields' ids). */
  name: string;
  /** A form made by the caller, to watch a field; one of its own otherwise. */
  form?: FormInstance<Values>;
  initialValues: Partial<Values>;
  save: (values: Values) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  /** Shown above the form. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  const [own] = Form.useForm<Values>();
  const form = given ?? own;
  const run = useAction();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const saved = await run(() => save(values), '保存成功');
    setSaving(false);
    if (saved) onSaved();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {intro}
      <Form form={form} layout="vertical" name={name} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
