import { FOLDER_NAME_MAX, DRIVE_DESC_MAX } from '@school/common';
import { App, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/page-data';
import {
  addFolder,
  editResource,
  renameFolder,
  resourceDetail,
  type Dictionary,
  type ResourceDetail,
} from './drive-api';
import { COMMENT_OPTIONS, DISK_PRIVATE_NOTE, OPENNESS_OPTIONS } from './drive-data';
import { FacetFields, facetBody, type FacetFormValues } from './FacetFields';

interface FolderForm {
  fName: string;
  fDesc?: string;
}

/** 新建文件夹 and 编辑 of a folder: the name (≤25) and a description (≤300). */
export function FolderDialog({
  open,
  folder,
  parent,
  sType,
  onClose,
  onDone,
}: {
  open: boolean;
  /** The folder being renamed; none for a new one. */
  folder?: { fid: number; fname: string; fdesc?: string } | null;
  parent: number;
  sType: 0 | 1;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FolderForm>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ fName: folder?.fname ?? '', fDesc: folder?.fdesc ?? '' });
  }, [open, folder, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (folder) {
        await renameFolder({ fId: folder.fid, fName: values.fName.trim(), fDesc: values.fDesc });
        message.success('编辑成功');
      } else {
        await addFolder({
          fSuperId: parent,
          fName: values.fName.trim(),
          fDesc: values.fDesc,
          sType,
        });
        message.success('新增成功');
      }
      onDone();
      onClose();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={folder ? '编辑文件夹' : '新建文件夹'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="fName"
          label="文件夹名称"
          rules={[
            { required: true, whitespace: true, message: '请填写新增文件夹名称' },
            { max: FOLDER_NAME_MAX, message: `文件夹名称不超过${FOLDER_NAME_MAX}个字` },
          ]}
        >
          <Input maxLength={FOLDER_NAME_MAX} showCount placeholder="请填写新增文件夹名称" />
        </Form.Item>
        <Form.Item name="fDesc" label="描述">
          <Input.TextArea maxLength={DRIVE_DESC_MAX} showCount rows={3} />
        </Form.Item>
        <Form.Item
          name="leakProtected"
          valuePropName="checked"
          extra="预览时每页加上查看人姓名和时间的水印；只有上传者和网盘管理员可以下载"
        >
          <Checkbox>防泄密</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The form's fields, all required by its rules once validated (the facets optional). */
interface FileForm extends FacetFormValues {
  resourcesName: string;
  resourcesType: string;
  resourcesFileType: string;
  resourcesIsOpen: string;
  resourcesIsComment: string;
  resourcesDesc: string;
  /** 防泄密 (issue 19), sent as resourcesIsProtected '1' / '0'. */
  leakProtected: boolean;
}

/** 编辑 of a file (intranet.md §5 "Edit-file form"): the five required fields. */
export function EditFileDialog({
  resourcesId,
  types,
  formats,
  onClose,
  onDone,
  onDisk = false,
}: {
  resourcesId: number | null;
  types: Dictionary;
  formats: Dictionary;
  onClose: () => void;
  onDone: () => void;
  /** A file of 我的网盘: no 是否公开 (the owner's alone, shared by link). */
  onDisk?: boolean;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FileForm>();
  const [saving, setSaving] = useState(false);
  const [detail, setDetail] = useState<ResourceDetail | null>(null);

  useEffect(() => {
    if (resourcesId === null) return;
    let live = true;
    resourceDetail(resourcesId)
      .then((d) => {
        if (!live) return;
        setDetail(d);
        form.setFieldsValue({
          resourcesName: d.resourcesName,
          resourcesType: d.resourcesType ?? undefined,
          resourcesFileType: d.resourcesFileType === '-1' ? undefined : d.resourcesFileType,
          resourcesIsOpen: d.resourcesIsOpen ?? undefined,
          resourcesIsComment: d.resourcesIsComment ?? undefined,
          resourcesDesc: d.resourcesDesc,
          leakProtected: d.resourcesIsProtected === '1',
          stageId: d.stageId ?? null,
          gradeId: d.gradeId ?? null,
          subjectId: d.subjectId ?? null,
          editionId: d.editionId ?? null,
          chapter: d.chapter ?? '',
        });
      })
      .catch((err: unknown) => message.error(errorText(err)));
    return () => {
      live = false;
    };
  }, [resourcesId, form, message]);

  const submit = async () => {
    if (resourcesId === null) return;
    const { leakProtected, stageId, gradeId, subjectId, editionId, chapter, ...values } =
      await form.validateFields();
    const library = detail?.sType === 0;
    setSaving(true);
    try {
      await editResource({
        resourcesId,
        ...values,
        resourcesDesc: values.resourcesDesc.trim(),
        resourcesIsProtected: leakProtected ? '1' : '0',
        // The library's files: the facets in full (an empty one is cleared).
        ...(library
          ? {
              withFacets: '1',
              ...facetBody({ stageId, gradeId, subjectId, editionId, chapter }),
            }
          : {}),
      });
      message.success('编辑成功');
      onDone();
      onClose();
    } catch (err) {
      message.error(errorText(err) || '编辑失败');
    } finally {
      setSaving(false);
    }
  };

  const options = (dictionary: Dictionary) =>
    dictionary.map((d) => ({ value: d.dicValue, label: d.dicName }));

  return (
    <Modal
      title="编辑文件"
      open={resourcesId !== null}
      onCancel={() => {
        setDetail(null);
        onClose();
      }}
      onOk={() => void submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      loading={resourcesId !== null && detail === null}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="resourcesName"
          label="文件名称"
          rules={[{ required: true, whitespace: true, message: '请输入文件名称' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="resourcesType"
          label="资源类型"
          rules={[{ required: true, message: '请选择资源类型' }]}
        >
          <Select options={options(types)} placeholder="请选择资源类型" />
        </Form.Item>
        <Form.Item
          name="resourcesFileType"
          label="文件格式"
          rules={[{ required: true, message: '请选择文件格式' }]}
        >
          <Select options={options(formats)} placeholder="请选择文件格式" />
        </Form.Item>
        {onDisk ? (
          <>
            {/* Sent back as it is stored: the call requires it, and on a disk it means nothing. */}
            <Form.Item name="resourcesIsOpen" hidden>
              <Input />
            </Form.Item>
            <p className="muted">{DISK_PRIVATE_NOTE}</p>
          </>
        ) : (
          <Form.Item
            name="resourcesIsOpen"
            label="是否公开"
            rules={[{ required: true, message: '请选择是否公开' }]}
          >
            <Radio.Group options={OPENNESS_OPTIONS} />
          </Form.Item>
        )}
        <Form.Item
          name="resourcesIsComment"
          label="是否可以评论"
          rules={[{ required: true, message: '请选择是否可以评论' }]}
        >
          <Radio.Group options={COMMENT_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="resourcesDesc"
          label="文件描述"
          rules={[{ required: true, whitespace: true, message: '请输入文件描述' }]}
        >
          <Input.TextArea maxLength={DRIVE_DESC_MAX} showCount rows={3} />
        </Form.Item>
        <Form.Item
          name="leakProtected"
          valuePropName="checked"
          extra="预览时每页加上查看人姓名和时间的水印；只有上传者和网盘管理员可以下载"
        >
          <Checkbox>防泄密</Checkbox>
        </Form.Item>
        {detail?.sType === 0 && (
          <FacetFields
            form={form}
            kept={{
              stageId: detail.stageId,
              gradeId: detail.gradeId,
              subjectId: detail.subjectId,
              editionId: detail.editionId,
            }}
          />
        )}
      </Form>
    </Modal>
  );
}
