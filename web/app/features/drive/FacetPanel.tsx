import { Button, Tag } from 'antd';
import {
  FACET_FIELDS,
  FACET_LABELS,
  valuesOf,
  type FacetCounts,
  type FacetFilter,
  type FacetKind,
  type FacetValue,
} from './facet-data';

const KINDS: FacetKind[] = ['stage', 'grade', 'subject', 'edition'];

/**
 * 按教学分面筛选: a line per facet (学段, 年级 of the chosen 学段, 学科, 教材版本) of the values
 * that hold files under the other filters, each with its count; a click chooses a value, a
 * second click (or 全部) lets it go. The counts are the server's, of the files the person may
 * read.
 */
export function FacetPanel({
  values,
  counts,
  filter,
  onChange,
  extra,
}: {
  values: FacetValue[];
  counts: FacetCounts;
  filter: FacetFilter;
  onChange: (changes: Record<string, string | undefined>) => void;
  /** Shown beside the heading (the dictionary's button for drive administrators). */
  extra?: React.ReactNode;
}) {
  const chosenStage = Number(filter.stageId) || null;
  const line = (kind: FacetKind) => {
    const field = FACET_FIELDS[kind];
    const chosen = Number(filter[field]) || null;
    const numOf = new Map(counts[kind].map((entry) => [entry.id, entry.num]));
    const shown = valuesOf(values, kind, { stageId: chosenStage }).filter(
      (value) => value.id === chosen || (numOf.get(value.id) ?? 0) > 0,
    );
    const choose = (id: number | null) =>
      onChange({
        [field]: id ? String(id) : undefined,
        // Another stage: a grade of the old one no longer fits.
        ...(kind === 'stage' && id !== chosenStage ? { gradeId: undefined } : {}),
      });
    return (
      <div className="facet-line" key={kind} role="group" aria-label={FACET_LABELS[kind]}>
        <span className="facet-label">{FACET_LABELS[kind]}</span>
        <div className="facet-values">
          <Tag.CheckableTag checked={chosen === null} onChange={() => choose(null)}>
            全部
          </Tag.CheckableTag>
          {shown.map((value) => (
            <Tag.CheckableTag
              key={value.id}
              checked={chosen === value.id}
              onChange={(on) => choose(on ? value.id : null)}
              aria-label={`${value.name}，${numOf.get(value.id) ?? 0}个资源`}
            >
              <span className="facet-name">{value.name}</span>
              <span className="facet-count">{numOf.get(value.id) ?? 0}</span>
            </Tag.CheckableTag>
          ))}
          {shown.length === 0 && <span className="muted facet-empty">暂无</span>}
        </div>
      </div>
    );
  };
  return (
    <section className="facet-panel" aria-label="按教学分面筛选">
      <div className="facet-heading">
        <h2>按教学分面筛选</h2>
        {extra}
      </div>
      {KINDS.map(line)}
      {filter.chapter && (
        <div className="facet-line">
          <span className="facet-label">章节</span>
          <div className="facet-values">
            <Tag closable onClose={() => onChange({ chapter: undefined })}>
              {filter.chapter}
            </Tag>
          </div>
        </div>
      )}
      {KINDS.some((kind) => filter[FACET_FIELDS[kind]]) && (
        <Button
          type="link"
          size="small"
          className="facet-clear"
          onClick={() =>
            onChange({
              stageId: undefined,
              gradeId: undefined,
              subjectId: undefined,
              editionId: undefined,
              chapter: undefined,
            })
          }
        >
          清除分面筛选
        </Button>
      )}
    </section>
  );
}
