import { App, Button, Input, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, callUntyped as call, type Payload } from '../../../api/client';
import type { StoredUser } from '../../../lib/session';
import { videoPageHref, type CmsVideoRow } from './video-form';

const REASON_MAX = 500;

/**
 * The workflow actions of one video, offered as the server allows them:
 * edit and delete (its author or an administrator), submit (own drafts and
 * returned videos), approve / send back with a reason, shelve / take off and
 * pin (administrators), and, once it is on the portal, its page in a new tab.
 */
export function VideoActions({
  row,
  user,
  onChanged,
}: {
  row: CmsVideoRow;
  user: StoredUser;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const admin = user.isPower === 1;
  const own = row.createStaff === user.staffId;

  const act = async (path: string, payload: Payload, done: string) => {
    setBusy(true);
    try {
      await call(`cms/video/${path}`, { videoId: row.videoId, ...payload });
      message.success(done);
      onChanged();
      return true;
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const sendBack = async () => {
    if (!reason.trim()) {
      message.warning('请填写退回原因');
      return;
    }
    if (await act('reject', { reason: reason.trim() }, '已退回')) {
      setRejecting(false);
      setReason('');
    }
  };

  const link = (label: string, onClick: () => void) => (
    <Button type="link" size="small" disabled={busy} onClick={onClick}>
      {label}
    </Button>
  );

  return (
    <div className="cms-actions">
      {(admin || own) && (
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`/cms/video/edit?videoId=${row.videoId}`)}
        >
          编辑
        </Button>
      )}
      {own &&
        (row.reviewState === 'draft' || row.reviewState === 'rejected') &&
        link('提交审核', () => void act('submit', {}, '已提交审核'))}
      {admin &&
        row.reviewState === 'submitted' &&
        link('通过', () => void act('approve', {}, '审核通过'))}
      {admin && row.reviewState === 'submitted' && link('退回', () => setRejecting(true))}
      {admin &&
        row.reviewState === 'approved' &&
        row.ifShelves !== 1 &&
        link('上架', () => void act('shelve', {}, '已上架'))}
      {admin && row.ifShelves === 1 && link('下架', () => void act('unshelve', {}, '已下架'))}
      {admin &&
        link(
          row.ifTop === 1 ? '取消置顶' : '置顶',
          () =>
            void act(
              'pin',
              { ifTop: row.ifTop === 1 ? 0 : 1 },
              row.ifTop === 1 ? '已取消置顶' : '已置顶',
            ),
        )}
      {(admin || own) && (
        <Popconfirm
          title="提示"
          description="是否确定删除?"
          okText="确定"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => act('delete', {}, '删除成功')}
        >
          <Button type="link" size="small" danger disabled={busy}>
            删除
          </Button>
        </Popconfirm>
      )}
      <Button type="link" size="small" href={videoPageHref(row)} target="_blank" rel="noreferrer">
        {row.live ? '查看' : '预览'}
      </Button>
      <Modal
        open={rejecting}
        title={`退回：${row.videoTitle}`}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void sendBack()}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label="退回原因"
          placeholder="请填写退回原因，作者修改时可以看到"
          rows={4}
          maxLength={REASON_MAX}
          showCount
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </div>
  );
}
