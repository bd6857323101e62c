import { DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../api/client';
import { useAction } from '../../api/page-data';
import { UploadField } from '../../components/editor/UploadField';
import type { UploadedFile } from '../../components/editor/uploads';
import { HALF_OPTIONS, LEAVE_TYPE_OPTIONS } from './leave-data';

interface ApplyForm {
  leaveType: number;
  startDate: Dayjs;
  startHalf: number;
  endDate: Dayjs;
  endHalf: number;
  reason: string;
  file?: UploadedFile | null;
}

const REASON_MAX = 500;

/** 请假申请: type, from and to (with 上午 / 下午), reason and an optional attachment. */
export function LeaveApplyModal({
  open,
  onClose,
  onFiled,
}: {
  open: boolean;
  onClose: () => void;
  onFiled: () => void;
}) {
  const [form] = Form.useForm<ApplyForm>();
  const run = useAction();
  const [busy, setBusy] = useState(false);

  const submit = async (values: ApplyForm) => {
    setBusy(true);
    const done = await run(
      () =>
        call('leave/apply', {
          leaveType: values.leaveType,
          startDate: values.startDate.format('YYYY-MM-DD'),
          startHalf: values.startHalf,
          endDate: values.endDate.format('YYYY-MM-DD'),
          endHalf: values.endHalf,
          reason: values.reason.trim(),
          fileId: values.file?.fileId,
        }),
      '提交成功',
    );
    setBusy(false);
    if (done) {
      form.resetFields();
      onFiled();
    }
  };

  return (
    <Modal
      open={open}
      title="请假申请"
      okText="提交"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ApplyForm>
        form={form}
        layout="vertical"
        name="leave-apply"
        initialValues={{ startHalf: 1, endHalf: 2 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="leaveType"
          label="请假类型"
          rules={[{ required: true, message: '请选择请假类型' }]}
        >
          <Select aria-label="请假类型" placeholder="请选择" options={LEAVE_TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item label="开始时间" required>
          <Space>
            <Form.Item
              name="startDate"
              noStyle
              rules={[{ required: true, message: '请选择开始日期' }]}
            >
              <DatePicker aria-label="开始日期" placeholder="开始日期" />
            </Form.Item>
            <Form.Item name="startHalf" noStyle>
              <Select aria-label="开始上下午" options={HALF_OPTIONS} style={{ width: 90 }} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item label="结束时间" required>
          <Space>
            <Form.Item
              name="endDate"
              noStyle
              rules={[{ required: true, message: '请选择结束日期' }]}
            >
              <DatePicker aria-label="结束日期" placeholder="结束日期" />
            </Form.Item>
            <Form.Item name="endHalf" noStyle>
              <Select aria-label="结束上下午" options={HALF_OPTIONS} style={{ width: 90 }} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item
          name="reason"
          label="请假原因"
          rules={[
            { required: true, whitespace: true, message: '请输入请假原因' },
            { max: REASON_MAX, message: `请假原因不能超过${REASON_MAX}个字` },
          ]}
        >
          <Input.TextArea aria-label="请假原因" rows={4} maxLength={REASON_MAX} showCount />
        </Form.Item>
        <Form.Item name="file" label="附件（可选）">
          <UploadField kind="attachment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
