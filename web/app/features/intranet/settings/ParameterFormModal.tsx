import { Form, Input, Radio, Typography } from 'antd';
import { call } from '../../../api/client';
import { UploadField } from '../../../components/editor/UploadField';
import type { UploadedFile } from '../../../components/editor/uploads';
import {
  LINK_HINT,
  linkRule,
  pictureChange,
  pictureValue,
  type ParameterGroup,
  type ParameterRow,
} from './site-forms';
import { SettingsModal } from './SettingsModal';

/** What the form edits: a row of a code, a new row of a code, or a row of a new code. */
export interface ParameterEdit {
  /** null: a code of the administrator's own, typed in the form. */
  group: ParameterGroup | null;
  /** null: a new row. */
  row: ParameterRow | null;
}

interface Values {
  parameteCode: string;
  parameterName: string;
  parameteValue?: string;
  parameterType: string;
  picture?: UploadedFile | null;
}

/** 编辑参数 / 新增一行: name, value (a link for link codes), visibility and picture where they apply. */
export function ParameterFormModal({
  open,
  edit,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Kept while the dialog closes, so its title does not change meanwhile. */
  edit: ParameterEdit;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { group, row } = edit;
  const isLink = group?.kind === 'link';
  const picture = row ? pictureValue(row.picFileId, row.pic) : null;
  const initial: Partial<Values> = {
    parameteCode: group?.parameteCode ?? '',
    parameterName: row?.parameterName ?? (group && !group.list ? group.codeName : ''),
    parameteValue: row?.parameteValue ?? '',
    parameterType: row?.parameterType ?? '1',
    picture,
  };

  const title = row ? '编辑参数' : group ? `新增${group.codeName}` : '新增参数编码';
  return (
    <SettingsModal<Values>
      open={open}
      title={title}
      name="parameter"
      initialValues={initial}
      save={(values) =>
        call('cms/parameter/save', {
          parameterId: row?.parameterId,
          parameteCode: values.parameteCode.trim(),
          parameterName: values.parameterName.trim(),
          parameteValue: values.parameteValue?.trim() ?? '',
          parameterType: group?.visibility ? values.parameterType : undefined,
          picFileId: pictureChange(picture, values.picture),
        })
      }
      onClose={onClose}
      onSaved={onSaved}
      intro={
        group && (
          <Typography.Paragraph type="secondary">
            {group.codeName}（{group.parameteCode}）：{group.description}
          </Typography.Paragraph>
        )
      }
    >
      <Form.Item
        name="parameteCode"
        label="参数编码"
        hidden={group !== null}
        rules={[
          { required: true, message: '请输入参数编码' },
          {
            pattern: /^[A-Z0-9_]{2,32}$/,
            message: '参数编码须为2到32位大写字母、数字或下划线',
          },
        ]}
        normalize={(value: string) => value.toUpperCase()}
      >
        <Input placeholder="如 XXWZ" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="parameterName"
        label={group?.list ? '名称（显示文字）' : '参数名称'}
        rules={[
          { required: true, whitespace: true, message: '请输入参数名称' },
          { max: 100, message: '参数名称不能超过100个字' },
        ]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="parameteValue"
        label={isLink ? '链接地址' : '参数值'}
        tooltip={isLink ? LINK_HINT : undefined}
        rules={[
          ...(isLink
            ? [
                { required: true, whitespace: true, message: '请输入链接地址' },
                linkRule('链接地址'),
              ]
            : []),
          { max: 1000, message: '参数值不能超过1000个字' },
        ]}
      >
        {isLink ? (
          <Input placeholder="https://..." />
        ) : (
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={1000} showCount />
        )}
      </Form.Item>
      {group?.visibility && (
        <Form.Item name="parameterType" label="可见范围">
          <Radio.Group
            aria-label="可见范围"
            options={[
              { value: '1', label: '所有教职工' },
              { value: '2', label: '仅管理员（isPower 1）' },
            ]}
          />
        </Form.Item>
      )}
      {(group === null || group.pictures) && (
        <Form.Item name="picture" label="图片">
          <UploadField kind="image" label="上传图片" />
        </Form.Item>
      )}
    </SettingsModal>
  );
}
