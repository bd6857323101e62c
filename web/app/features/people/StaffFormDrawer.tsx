import { STAFF_TYPES, isAdministratorRole, isContentAdmin, isDriveAdmin } from '@school/common';
import {
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { updateUser } from '../../lib/session';
import { deptNames, toTreeData, type DeptNode } from './dept-tree';
import { useAction } from '../../api/page-data';
import { PasswordFields } from './PasswordFields';
import type { StaffRow } from './staff-types';

interface Values {
  staffCode: string;
  staffName: string;
  staffType: number;
  isPower: boolean;
  isAdmin: boolean;
  deptIds: number[];
  primaryDeptId?: number;
  email?: string;
  phone?: string;
  sort?: number | null;
  password?: string;
  confirmPassword?: string;
}

/**
 * 新增用户 / 编辑用户 in a drawer: code, name, role and flags, departments
 * with the primary one, contact details and order; the initial password
 * (twice) only when creating, since an existing account's password changes
 * through 重置密码.
 */
export function StaffFormDrawer({
  open,
  staff,
  self,
  tree,
  presetDeptId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new account. */
  staff: StaffRow | null;
  /** The logged-in administrator is editing their own account. */
  self: boolean;
  tree: DeptNode[];
  /** A new account starts in the department chosen in the tree. */
  presetDeptId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const run = useAction();
  const [saving, setSaving] = useState(false);
  const names = deptNames(tree);
  const chosen = Form.useWatch('deptIds', form) ?? [];

  // The form is made afresh at each opening (destroyOnHidden), from these values.
  const initial: Partial<Values> = staff
    ? {
        staffCode: staff.staffCode,
        staffName: staff.staffName,
        staffType: staff.staffType,
        isPower: isContentAdmin(staff),
        isAdmin: isDriveAdmin(staff),
        deptIds: staff.deptIds,
        primaryDeptId: staff.primaryDeptId ?? undefined,
        email: staff.email ?? '',
        phone: staff.phone ?? '',
        sort: staff.sort,
      }
    : {
        staffType: 2,
        isPower: false,
        isAdmin: false,
        deptIds: presetDeptId ? [presetDeptId] : [],
        primaryDeptId: presetDeptId,
        sort: 0,
      };

  /** The primary department follows the chosen ones: kept if still chosen, else the first. */
  const onDepartments = (deptIds: number[]) => {
    const primary = form.getFieldValue('primaryDeptId') as number | undefined;
    if (primary === undefined || !deptIds.includes(primary)) {
      form.setFieldValue('primaryDeptId', deptIds[0]);
    }
  };

  /** An administrator gets news rights by default; a change of role suggests it. */
  const onRole = (staffType: number) => {
    if (!staff) form.setFieldValue('isPower', isAdministratorRole(staffType));
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const saved = await run(
      () =>
        call('cms/staff/save', {
          staffId: staff?.staffId,
          staffCode: values.staffCode.trim(),
          staffName: values.staffName.trim(),
          staffType: values.staffType,
          isPower: values.isPower ? 1 : 0,
          isAdmin: values.isAdmin ? '1' : '0',
          deptIds: values.deptIds.join(','),
          primaryDeptId: values.primaryDeptId,
          email: values.email?.trim() ?? '',
          phone: values.phone?.trim() ?? '',
          sort: values.sort ?? 0,
          staffPass: staff ? undefined : values.password,
        }),
      staff ? '保存成功' : `已新增用户${values.staffName.trim()}`,
    );
    setSaving(false);
    if (!saved) return;
    // The header and the menu show the logged-in user as stored: keep them in step.
    if (self) {
      updateUser({
        staffCode: values.staffCode.trim(),
        staffName: values.staffName.trim(),
        isPower: values.isPower ? 1 : 0,
        isAdmin: values.isAdmin ? '1' : '0',
        email: values.email?.trim() || null,
      });
    }
    onSaved();
  };

  return (
    <Drawer
      open={open}
      title={staff ? `编辑用户：${staff.staffName}` : '新增用户'}
      size={520}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        name="staff"
        initialValues={initial}
        preserve={false}
        requiredMark
      >
        <Form.Item
          name="staffCode"
          label="工号"
          extra="用于登录，不能与他人重复"
          rules={[
            { required: true, whitespace: true, message: '请输入工号' },
            { max: 64, message: '工号不能超过64个字符' },
            { pattern: /^\s*\S+\s*$/, message: '工号不能包含空格' },
          ]}
        >
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="staffName"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            { max: 20, message: '姓名不能超过20个字' },
          ]}
        >
          <Input placeholder="请填写姓名" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="staffType"
          label="身份"
          extra={self ? '不能取消自己的管理员身份' : '管理员可以管理用户、部门与系统设置'}
        >
          <Radio.Group
            disabled={self}
            onChange={(e) => onRole(e.target.value as number)}
            options={STAFF_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Form.Item>
        <Space size={48}>
          <Form.Item
            name="isPower"
            label="新闻权限"
            valuePropName="checked"
            tooltip="可审核、置顶所有新闻，维护横幅、校刊、学校介绍等门户内容"
          >
            <Switch aria-label="新闻权限" checkedChildren="有" unCheckedChildren="无" />
          </Form.Item>
          <Form.Item
            name="isAdmin"
            label="网盘管理"
            valuePropName="checked"
            tooltip="可在教学网盘公共资源中新建文件夹、移动、编辑、删除和置顶"
          >
            <Switch aria-label="网盘管理" checkedChildren="有" unCheckedChildren="无" />
          </Form.Item>
        </Space>
        <Form.Item name="deptIds" label="所属部门">
          <TreeSelect
            aria-label="所属部门"
            multiple
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            treeData={toTreeData(tree)}
            placeholder="请选择部门（可多选）"
            onChange={(value: number[]) => onDepartments(value)}
          />
        </Form.Item>
        <Form.Item
          name="primaryDeptId"
          label="主部门"
          extra="教职工首页默认显示主部门"
          rules={[
            {
              required: chosen.length > 0,
              message: '请选择主部门',
            },
          ]}
        >
          <Select
            aria-label="主部门"
            disabled={chosen.length === 0}
            placeholder={chosen.length ? '请选择主部门' : '请先选择所属部门'}
            options={chosen.map((id) => ({ value: id, label: names.get(id) ?? String(id) }))}
          />
        </Form.Item>
        <Form.Item
          name="email"
          label="邮箱"
          rules={[
            { type: 'email', message: '邮箱格式不正确' },
            { max: 128, message: '邮箱不能超过128个字符' },
          ]}
        >
          <Input autoComplete="off" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="电话"
          rules={[{ pattern: /^[0-9+\-() ]{3,32}$/, message: '电话号码格式不正确' }]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字小的排在前面">
          <InputNumber aria-label="排序" min={0} max={999999} precision={0} />
        </Form.Item>
        {!staff && <PasswordFields label="初始密码" />}
      </Form>
    </Drawer>
  );
}
