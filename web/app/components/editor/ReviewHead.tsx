import { Alert, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { publicationNote, reviewColor, type ReviewKind, type ReviewedItem } from './review';

/**
 * The top of the editor of a reviewed item: its review state, whether it is
 * on the portal (or when it will be), `children` (a pin switch, a link), the
 * last change and its public page or preview; below, the reason it was sent
 * back, and for a teacher editing an approved item what a save will do to it.
 */
export function ReviewHead({
  kind,
  item,
  admin,
  pageHref,
  children,
}: {
  kind: ReviewKind;
  item: ReviewedItem;
  admin: boolean;
  pageHref: string;
  children?: ReactNode;
}) {
  const { noun } = kind;
  return (
    <>
      <Space className="cms-editor-state" wrap>
        <Tag color={reviewColor(item.reviewState)}>{item.reviewStateName}</Tag>
        <Tag color={publicationNote(item).color}>{publicationNote(item).text}</Tag>
        {children}
        <span className="cms-editor-updated">最后修改：{item.updateDate}</span>
        <a href={pageHref} target="_blank" rel="noreferrer">
          {item.live ? '查看页面' : '预览'}
        </a>
      </Space>
      {item.reviewState === 'rejected' && item.reviewNote && (
        <Alert
          type="error"
          showIcon
          title={`退回原因：${item.reviewNote}`}
          className="cms-editor-alert"
        />
      )}
      {!admin && item.reviewState === 'approved' && (
        <Alert
          type="warning"
          showIcon
          title={
            item.live
              ? `此${noun}已上架：保存修改后将暂时下架，重新审核通过后再${kind.authorShelves ? '' : '由管理员'}上架。`
              : `此${noun}已审核通过：保存修改后需要重新提交审核。`
          }
          className="cms-editor-alert"
        />
      )}
    </>
  );
}
