import { Alert, Button, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/client';
import { useAction, useApiData } from '../../../api/page-data';
import type { StaffRow } from '../staff-types';
import { HandoverReportView, type HandoverReport } from './HandoverReportView';

interface Values {
  receiverId: number;
  shares: 'move' | 'end';
}

/**
 * 离职交接: the administrator names the colleague who receives the leaver's
 * work and what becomes of their share links; one confirmation does it all
 * (the server's one transaction), and the report is shown in place.
 */
export function HandoverModal({
  staff,
  onClose,
  onDone,
}: {
  /** null: closed. */
  staff: StaffRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const run = useAction();
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const [report, setReport] = useState<HandoverReport | null>(null);
  const candidates = useApiData(
    staff ? 'cms/staff/list' : null,
    { keyword: keyword.trim() || undefined, status: 1, pageNum: 1, pageSize: 20 },
    { total: 0, list: [] },
  );
  const options = (candidates.data?.list ?? [])
    .filter((row) => row.staffId !== staff?.staffId && !row.leftDate)
    .map((row) => ({
      value: row.staffId,
      label: `${row.staffName}（${row.staffCode}${row.deptName ? ` · ${row.deptName}` : ''}）`,
    }));

  const close = () => {
    if (report) onDone();
    setReport(null);
    setKeyword('');
    onClose();
  };

  const submit = async () => {
    if (!staff) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    await run(async () => {
      setReport(
        await call('cms/staff/handover', {
          staffId: staff.staffId,
          receiverId: values.receiverId,
          shares: values.shares,
        }),
      );
    }, `${staff.staffName}的离职交接已完成`);
    setSaving(false);
  };

  return (
    <Modal
      open={staff !== null}
      title={staff ? `离职交接：${staff.staffName}（${staff.staffCode}）` : '离职交接'}
      width={620}
      onCancel={close}
      destroyOnHidden
      footer={
        report
          ? [
              <Button key="close" type="primary" onClick={close}>
                完成
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" danger loading={saving} onClick={() => void submit()}>
                确认交接
              </Button>,
            ]
      }
    >
      {report ? (
        <HandoverReportView report={report} />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="交接后不能撤销"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                <li>
                  个人网盘整体移入接收人网盘的“交接自{staff?.staffName}”文件夹（占用接收人的空间）
                </li>
                <li>资源库中由其上传的资料改归接收人</li>
                <li>账号停用，所有登录与应用密码立即失效</li>
                <li>站内邮件保留为归档，仅系统管理员可查看</li>
              </ul>
            }
          />
          <Form<Values>
            form={form}
            layout="vertical"
            name="handover"
            preserve={false}
            initialValues={{ shares: 'move' }}
          >
            <Form.Item
              name="receiverId"
              label="接收人"
              rules={[{ required: true, message: '请选择接收人' }]}
            >
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                // Measured while the dialog zooms open, the list would be as narrow as a name.
                popupMatchSelectWidth={300}
                placeholder="输入姓名、工号或电话查找在职用户"
                loading={candidates.loading}
                options={options}
                notFoundContent={candidates.loading ? '查找中…' : '没有找到在职用户'}
              />
            </Form.Item>
            <Form.Item name="shares" label="仍有效的分享链接">
              <Radio.Group
                options={[
                  { value: 'move', label: '转给接收人（链接继续有效）' },
                  { value: 'end', label: '全部失效' },
                ]}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
