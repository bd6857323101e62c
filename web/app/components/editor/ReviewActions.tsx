import { canManageItem, isContentAdmin } from '@school/common';
import { App, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/page-data';
import type { StoredUser } from '../../lib/session';
import type { ReviewKind, ReviewedItem } from './review';
import { useConfirmedStep } from './SensitiveHits';

const REASON_MAX = 500;
// Up to seven actions share a table cell: no padding beyond the list's gap.
const TIGHT = { paddingInline: 0 };

/**
 * The workflow actions of one list row, offered as the server allows them:
 * edit and delete (its author or an administrator), submit (own drafts and
 * returned items), approve / send back with a reason, pin (administrators),
 * shelve / take off (administrators, and the author where the kind allows),
 * and the public page (or its preview) in a new tab. Versions are compared
 * and restored in the editor.
 */
export function ReviewActions({
  kind,
  id,
  title,
  state,
  pageHref,
  user,
  onChanged,
}: {
  kind: ReviewKind;
  id: number;
  title: string;
  state: ReviewedItem;
  pageHref: string;
  user: StoredUser;
  onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const admin = isContentAdmin(user);
  const own = state.createStaff === user.staffId;
  const manages = canManageItem(user, user.staffId, state.createStaff);
  const mayShelve = admin || (own && kind.authorShelves);
  const { reviewState, ifShelves, ifTop } = state;

  const { steps } = kind;
  const confirmed = useConfirmedStep(admin);
  const act = async (step: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await step();
      message.success(done);
      onChanged();
      return true;
    } catch (err) {
      message.error(errorText(err));
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
    if (await act(() => steps.reject(id, reason.trim()), '已退回')) {
      setRejecting(false);
      setReason('');
    }
  };

  const link = (label: string, onClick: () => void, danger = false) => (
    <Button
      type="link"
      size="small"
      style={TIGHT}
      danger={danger}
      disabled={busy}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  return (
    <div className="cms-actions">
      {manages && link('编辑', () => navigate(kind.editHref(id)))}
      {own &&
        (reviewState === 'draft' || reviewState === 'rejected') &&
        link('提交审核', () => void act(() => confirmed((c) => steps.submit(id, c)), '已提交审核'))}
      {admin &&
        reviewState === 'submitted' &&
        link('通过', () => void act(() => confirmed((c) => steps.approve(id, c)), '审核通过'))}
      {admin && reviewState === 'submitted' && link('退回', () => setRejecting(true))}
      {mayShelve &&
        reviewState === 'approved' &&
        ifShelves !== 1 &&
        link('上架', () => void act(() => confirmed((c) => steps.shelve(id, c)), '已上架'))}
      {mayShelve &&
        ifShelves === 1 &&
        link('下架', () => void act(() => steps.unshelve(id), '已下架'))}
      {admin &&
        link(
          ifTop === 1 ? '取消置顶' : '置顶',
          () =>
            void act(
              () => steps.pin(id, ifTop === 1 ? 0 : 1),
              ifTop === 1 ? '已取消置顶' : '已置顶',
            ),
        )}
      {manages &&
        link(
          '删除',
          () =>
            modal.confirm({
              title: '提示',
              content: `是否确定删除「${title}」?`,
              okText: '确定',
              okButtonProps: { danger: true },
              cancelText: '取消',
              onOk: () => act(() => steps.remove(id), '已删除'),
            }),
          true,
        )}
      <Button
        type="link"
        size="small"
        style={TIGHT}
        href={pageHref}
        target="_blank"
        rel="noreferrer"
      >
        {state.live ? '查看' : '预览'}
      </Button>
      <Modal
        open={rejecting}
        title={`退回：${title}`}
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
