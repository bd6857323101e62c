import { Form, Input, InputNumber, Radio } from 'antd';
import { call } from '../../../api/client';
import { UploadField } from '../../../components/editor/UploadField';
import type { UploadedFile } from '../../../components/editor/uploads';
import {
  LINK_HINT,
  linkRule,
  pictureChange,
  pictureValue,
  type MenuType,
  type WorkbenchRow,
} from './site-forms';
import { SettingsModal } from './SettingsModal';
import { EnabledField } from './site-rows';

export const MENU_NAMES: Record<MenuType, string> = { 1: '工作台', 2: '应用中心' };

interface Values {
  workbenchName: string;
  workbenchPath: string;
  passthroughstatus: number;
  visitType?: number | null;
  icon?: UploadedFile | null;
  enabled: boolean;
}

/** 新增入口 / 编辑入口 of the workbench or the application centre. */
export function WorkbenchFormModal({
  open,
  menuType,
  entry,
  onClose,
  onSaved,
}: {
  open: boolean;
  menuType: MenuType;
  /** null: a new entry, placed at the end. */
  entry: WorkbenchRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const passthrough = Form.useWatch('passthroughstatus', form);
  const icon = entry ? pictureValue(entry.iconFileId, entry.illustrationnamePath, '图标') : null;
  const initial: Partial<Values> = entry
    ? {
        workbenchName: entry.workbenchName,
        workbenchPath: entry.workbenchPath,
        passthroughstatus: entry.passthroughstatus,
        visitType: entry.visitType,
        icon,
        enabled: entry.enabled === 1,
      }
    : { passthroughstatus: 0, enabled: true, icon: null };

  return (
    <SettingsModal<Values>
      open={open}
      title={`${entry ? '编辑' : '新增'}${MENU_NAMES[menuType]}入口`}
      name="workbench"
      form={form}
      initialValues={initial}
      save={(values) =>
        call('cms/workbench/save', {
          workbenchId: entry?.workbenchId,
          menuType,
          workbenchName: values.workbenchName.trim(),
          workbenchPath: values.workbenchPath.trim(),
          passthroughstatus: values.passthroughstatus,
          // '' takes a visitType out.
          visitType: values.visitType ?? '',
          iconFileId: pictureChange(icon, values.icon),
          enabled: values.enabled ? 1 : 0,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="workbenchName"
        label="名称"
        rules={[
          { required: true, whitespace: true, message: '请输入名称' },
          { max: 64, message: '名称不能超过64个字' },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="workbenchPath"
        label="链接地址"
        tooltip={LINK_HINT}
        rules={[
          { required: true, whitespace: true, message: '请输入链接地址' },
          linkRule('链接地址'),
          { max: 500, message: '链接地址不能超过500个字' },
        ]}
      >
        <Input placeholder="如 /writEmail 或 https://..." />
      </Form.Item>
      <Form.Item name="passthroughstatus" label="打开方式">
        <Radio.Group
          aria-label="打开方式"
          options={[
            { value: 0, label: '直接打开' },
            { value: 1, label: '单点登录（签名跳转）' },
          ]}
        />
      </Form.Item>
      {passthrough === 1 && (
        <Form.Item
          name="visitType"
          label="visitType"
          tooltip="对方系统要求时填写，如 2 博客、21 请假审批、22 图片审核"
        >
          <InputNumber aria-label="visitType" min={0} max={9999} precision={0} />
        </Form.Item>
      )}
      <Form.Item name="icon" label="图标" tooltip="建议使用正方形图片">
        <UploadField kind="image" label="上传图标" />
      </Form.Item>
      <EnabledField />
    </SettingsModal>
  );
}
