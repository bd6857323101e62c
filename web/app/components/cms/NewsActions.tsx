import { App, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../../api/client';
import type { StoredUser } from '../../lib/session';
import { searchResultHref } from '../portal/search/result-href';

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

interface Revision {
  revisionId: number;
  staffName: string;
  createdAt: string;
  newsTitle: string;
}

/**
 * The workflow actions of one item, offered as the server allows them:
 * submit (own drafts and returned items), approve / send back / pin
 * (administrators), shelve / take off (approved items; administrator or
 * author), versions with restore, and a look at the public page.
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
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
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

  const openRevisions = async () => {
    try {
      setRevisions(await call<Revision[]>('cms/news/revisions', { newId: row.newId }));
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    }
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
      {(admin || own) && link('版本', () => void openRevisions())}
      {row.live && (
        <a
          className="link-button"
          href={searchResultHref({ ...row, videoId: null })}
          target="_blank"
          rel="noreferrer"
        >
          查看
        </a>
      )}
      <Modal
        open={revisions !== null}
        title={`版本记录：${row.newsTitle}`}
        footer={null}
        width={720}
        onCancel={() => setRevisions(null)}
      >
        <Table<Revision>
          rowKey="revisionId"
          size="small"
          dataSource={revisions ?? []}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            { title: '保存时间', dataIndex: 'createdAt', width: 170 },
            { title: '保存人', dataIndex: 'staffName', width: 100 },
            { title: '标题', dataIndex: 'newsTitle' },
            {
              title: '操作',
              width: 80,
              render: (_, revision, index) =>
                index === 0 ? (
                  '当前'
                ) : (
                  <button
                    type="button"
                    className="link-button"
                    onClick={async () => {
                      await act('restore', { revisionId: revision.revisionId }, '已恢复该版本');
                      setRevisions(null);
                    }}
                  >
                    恢复
                  </button>
                ),
            },
          ]}
        />
      </Modal>
    </div>
  );
}
