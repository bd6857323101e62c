import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { useAction } from '../../api/page-data';

/** Where a new department goes: under `parentId` (0 for the top level), named for the title. */
export interface NewDepartmentPlace {
  parentId: number;
  /** 新增顶级部门, 新增下级部门（教务处）... */
  title: string;
}

/** Asks for the new department's name and creates it at the given place. */
export function NewDepartmentModal({
  place,
  onClose,
  onCreated,
}: {
  /** null: closed. */
  place: NewDepartmentPlace | null;
  onClose: () => void;
  onCreated: (deptId: number) => void;
}) {
  const [form] = Form.useForm<{ deptName: string }>();
  const run = useAction();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!place) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const deptName = values.deptName;
    let deptId = 0;
    setSaving(true);
    const done = await run(async () => {
      ({ deptId } = await call('cms/department/save', {
        deptName: deptName.trim(),
        parentId: place.parentId,
      }));
    }, `已新增部门${deptName.trim()}`);
    setSaving(false);
    if (done) onCreated(deptId);
  };

  return (
    <Modal
      open={place !== null}
      title={place?.title ?? '新增部门'}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="new-department" preserve={false}>
        <Form.Item
          name="deptName"
          label="部门名称"
          rules={[
            { required: true, whitespace: true, message: '请输入部门名称' },
            { max: 64, message: '部门名称不能超过64个字' },
          ]}
        >
          <Input maxLength={64} autoFocus onPressEnter={submit} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
