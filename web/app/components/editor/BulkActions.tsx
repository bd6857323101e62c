import { isContentAdmin } from '@school/common';
import type { BatchResult } from '@school/common/api';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/page-data';
import type { StoredUser } from '../../lib/session';
import type { BatchSteps, ReviewKind } from './review';

type BulkStep = keyof BatchSteps;

const VERBS: Record<BulkStep, { label: string; verb: string; danger?: boolean }> = {
  approve: { label: '批量审核通过', verb: '审核通过' },
  unshelve: { label: '批量下架', verb: '下架' },
  remove: { label: '批量删除', verb: '删除', danger: true },
};

/** Which bulk steps a person's role offers (the server checks each item again). */
export function bulkStepsFor(kind: ReviewKind, user: StoredUser): BulkStep[] {
  const admin = isContentAdmin(user);
  return [
    ...(admin ? (['approve'] as const) : []),
    ...(admin || kind.authorShelves ? (['unshelve'] as const) : []),
    'remove' as const,
  ];
}

/** 已下架 3 条；未处理 1 条：《运动会》只有管理员或发布者可以进行此操作 */
export function bulkOutcome(
  verb: string,
  result: BatchResult,
  titleOf: (id: number) => string,
): string {
  const done = `已${verb} ${result.done.length} 条`;
  if (!result.refused.length) return done;
  const refused = result.refused.map((r) => `《${titleOf(r.id)}》${r.message}`).join('；');
  return `${done}；未处理 ${result.refused.length} 条：${refused}`;
}

/**
 * The bar over a review list when rows are selected: the bulk steps the
 * person's role offers, each asking first, then saying what was done and
 * what was refused (and why, per item).
 */
export function BulkActions({
  kind,
  batch,
  user,
  selected,
  titleOf,
  onDone,
}: {
  kind: ReviewKind;
  batch: BatchSteps;
  user: StoredUser;
  selected: number[];
  titleOf: (id: number) => string;
  /** After a bulk step: clear the selection and read the list again. */
  onDone: () => void;
}) {
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState<BulkStep | null>(null);
  if (selected.length === 0) return null;

  const run = (step: BulkStep) => {
    const { verb, danger } = VERBS[step];
    modal.confirm({
      title: `${verb}选中的 ${selected.length} 条${kind.noun}？`,
      content:
        step === 'remove'
          ? '删除后将从列表、门户和搜索中消失。'
          : '逐条处理，不能处理的会列出原因。',
      okText: verb,
      okButtonProps: { danger },
      cancelText: '取消',
      onOk: async () => {
        setBusy(step);
        try {
          const result = await batch[step](selected);
          const text = bulkOutcome(verb, result, titleOf);
          if (result.refused.length) message.warning(text, 8);
          else message.success(text);
          onDone();
        } catch (err) {
          message.error(errorText(err));
        } finally {
          setBusy(null);
        }
      },
    });
  };

  return (
    <div className="cms-bulk-bar" role="region" aria-label="批量操作">
      <span>已选 {selected.length} 条</span>
      <Space wrap>
        {bulkStepsFor(kind, user).map((step) => (
          <Button
            key={step}
            size="small"
            danger={VERBS[step].danger}
            loading={busy === step}
            onClick={() => run(step)}
          >
            {VERBS[step].label}
          </Button>
        ))}
      </Space>
    </div>
  );
}
