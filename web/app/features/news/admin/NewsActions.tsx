import { App, Input } from 'antd';
import { Link } from 'react-router';
import { ApiError, callUntyped as call } from '../../../api/client';
import type { StoredUser } from '../../../lib/session';
import { searchResultHref } from '../../../lib/result-href';

/** A row of api/cms/news/list. */
export interface CmsNewsRow {
  newId: number;
  typeId: number;
  typeName: string;
  newsTitle: string;
  reviewState: 'draft' | 'submitted' | 'approved' | 'rejected';
  reviewStateName: string;
  reviewNote: string | null;
  ifShelves: number;
  ifTop: number;
  createStaff: number | null;
  releaseUser: string | null;
  live: boolean;
  scheduled: boolean;
  shelvesDate: string;
  updateDate: string;
}

/**
 * The workflow actions of one item, offered as the server allows them:
 * submit (own drafts and returned items), approve / send back / pin
 * (administrators), shelve / take off (approved items; administrator or
 * author), edit and delete, and a look at the public page. Versions are
 * compared and restored in the editor.
 */
export function NewsActions({
  row,
  user,
  onChanged,
}: {
  row: CmsNewsRow;
  user: StoredUser;
  onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const admin = user.isPower === 1;
  const own = row.createStaff === user.staffId;

  const act = async (path: string, payload: Record<string, string | number>, done: string) => {
    try {
      await call(`cms/news/${path}`, { newId: row.newId, ...payload });
      message.success(done);
      onChanged();
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    }
  };

  const sendBack = () => {
    let reason = '';
    modal.confirm({
      title: '退回',
      content: (
        <Input.TextArea
          aria-label="退回原因"
          placeholder="请填写退回原因"
          maxLength={500}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (!reason.trim()) {
          message.warning('请填写退回原因');
          throw new Error('no reason');
        }
        await act('reject', { reason: reason.trim() }, '已退回');
      },
    });
  };

  const link = (label: string, onClick: () => void) => (
    <button type="button" className="link-button" onClick={onClick}>
      {label}
    </button>
  );

  return (
    <div className="cms-actions">
      {own &&
        (row.reviewState === 'draft' || row.reviewState === 'rejected') &&
        link('提交审核', () => void act('submit', {}, '已提交审核'))}
      {admin &&
        row.reviewState === 'submitted' &&
        link('通过', () => void act('approve', {}, '审核通过'))}
      {admin && row.reviewState === 'submitted' && link('退回', sendBack)}
      {(admin || own) &&
        row.reviewState === 'approved' &&
        row.ifShelves !== 1 &&
        link('上架', () => void act('shelve', {}, '已上架'))}
      {(admin || own) &&
        row.ifShelves === 1 &&
        link('下架', () => void act('unshelve', {}, '已下架'))}
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
        <Link className="link-button" to={`/cms/news/edit?newId=${row.newId}`}>
          编辑
        </Link>
      )}
      {(admin || own) &&
        link('删除', () =>
          modal.confirm({
            title: '提示',
            content: `是否确定删除「${row.newsTitle}」?`,
            okText: '确定',
            okButtonProps: { danger: true },
            cancelText: '取消',
            onOk: () => act('delete', {}, '已删除'),
          }),
        )}
      <a
        className="link-button"
        href={searchResultHref({ ...row, videoId: null })}
        target="_blank"
        rel="noreferrer"
      >
        {row.live ? '查看' : '预览'}
      </a>
    </div>
  );
}
