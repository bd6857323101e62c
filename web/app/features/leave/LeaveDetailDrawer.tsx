import {
  Button,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Tag,
  Timeline,
} from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { useAction, useApiData } from '../../api/page-data';
import { STATE_COLORS, periodText } from './leave-data';
import { slowLoading } from '../../components/ui/slow-loading';

const NOTE_MAX = 500;

/**
 * One request: its fields, the history of its steps, and the buttons its
 * state allows the viewer: 同意 / 退回 (with a reason) for the person it waits
 * for, 撤回 for the requester while it is pending.
 */
export function LeaveDetailDrawer({
  leaveId,
  onClose,
  onChanged,
}: {
  leaveId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { data, reload } = useApiData(
    leaveId === null ? null : 'leave/detail',
    { leaveId: leaveId ?? 0 },
    null,
  );
  const run = useAction();
  const [busy, setBusy] = useState(false);
  const [sendingBack, setSendingBack] = useState(false);
  const [note, setNote] = useState('');

  const act = async (work: (leaveId: number) => Promise<unknown>, done: string) => {
    if (leaveId === null) return;
    setBusy(true);
    const ok = await run(() => work(leaveId), done);
    setBusy(false);
    if (ok) {
      setSendingBack(false);
      setNote('');
      reload();
      onChanged();
    }
  };

  return (
    <Drawer open={leaveId !== null} onClose={onClose} title="请假详情" size={560}>
      {!data ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'who', label: '申请人', children: data.staffName },
              { key: 'dept', label: '部门', children: data.deptName || '—' },
              { key: 'type', label: '请假类型', children: data.leaveTypeName },
              { key: 'time', label: '请假时间', children: periodText(data) },
              { key: 'days', label: '天数', children: `${data.days} 天` },
              { key: 'reason', label: '请假原因', children: data.reason },
              {
                key: 'file',
                label: '附件',
                children: data.fileUrl ? (
                  <a href={data.fileUrl} target="_blank" rel="noreferrer">
                    {data.fileName}
                  </a>
                ) : (
                  '无'
                ),
              },
              {
                key: 'state',
                label: '状态',
                children: (
                  <Space>
                    <Tag color={STATE_COLORS[data.state]}>{data.stateName}</Tag>
                    {data.waitingFor && <span>等待 {data.waitingFor} 审批</span>}
                  </Space>
                ),
              },
            ]}
          />
          <h3 className="leave-steps-title">审批记录</h3>
          <Timeline
            items={data.steps.map((step, i) => ({
              key: i,
              color:
                step.action === 'sendBack' ? 'red' : step.action === 'withdraw' ? 'gray' : 'blue',
              children: (
                <>
                  <div>
                    {step.staffName} {step.actionName}
                  </div>
                  {step.note && <div className="muted">{step.note}</div>}
                  <div className="muted">{step.createDate}</div>
                </>
              ),
            }))}
          />
          <Space>
            {data.canDecide && (
              <>
                <Button
                  type="primary"
                  loading={slowLoading(busy)}
                  onClick={() => void act((id) => call('leave/approve', { leaveId: id }), '已审批')}
                >
                  同意
                </Button>
                <Button danger disabled={busy} onClick={() => setSendingBack(true)}>
                  退回
                </Button>
              </>
            )}
            {data.canWithdraw && (
              <Popconfirm
                title="确定撤回该请假申请吗？"
                okText="确定"
                cancelText="取消"
                onConfirm={() => act((id) => call('leave/withdraw', { leaveId: id }), '已撤回')}
              >
                <Button disabled={busy}>撤回</Button>
              </Popconfirm>
            )}
          </Space>
          <Modal
            open={sendingBack}
            title="退回请假申请"
            okText="退回"
            cancelText="取消"
            okButtonProps={{ danger: true, disabled: !note.trim(), loading: busy }}
            onOk={() =>
              void act((id) => call('leave/sendBack', { leaveId: id, note: note.trim() }), '已退回')
            }
            onCancel={() => setSendingBack(false)}
          >
            <Input.TextArea
              aria-label="退回原因"
              placeholder="请输入退回原因"
              rows={4}
              maxLength={NOTE_MAX}
              showCount
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Modal>
        </>
      )}
    </Drawer>
  );
}
