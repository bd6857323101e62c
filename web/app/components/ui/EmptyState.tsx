/** 暂无数据, the spec's text for an empty list. */
export function EmptyState({ text = '暂无数据' }: { text?: string }) {
  return (
    <p className="empty-state" role="status">
      {text}
    </p>
  );
}
