import type { FacetCounts, FacetKind, FacetValue } from '@school/common/api';

/** The library's teaching facets as the pages use them (common/src/api/drive-facets.ts). */

export type { FacetCounts, FacetKind, FacetValue };

export const FACET_LABELS: Record<FacetKind, string> = {
  stage: '学段',
  grade: '年级',
  subject: '学科',
  edition: '教材版本',
};

export const FACET_FIELDS = {
  stage: 'stageId',
  grade: 'gradeId',
  subject: 'subjectId',
  edition: 'editionId',
} as const;

export type FacetField = (typeof FACET_FIELDS)[FacetKind];

/** The facet filters of a list, as its address keeps them ('' none). */
export interface FacetFilter {
  stageId: string;
  gradeId: string;
  subjectId: string;
  editionId: string;
  chapter: string;
}

export const facetFilterOf = (params: URLSearchParams): FacetFilter => ({
  stageId: params.get('stageId') ?? '',
  gradeId: params.get('gradeId') ?? '',
  subjectId: params.get('subjectId') ?? '',
  editionId: params.get('editionId') ?? '',
  chapter: (params.get('chapter') ?? '').trim(),
});

/** The call's facet fields of a filter: empty ones left out. */
export const facetPayload = (filter: FacetFilter) => ({
  stageId: filter.stageId || undefined,
  gradeId: filter.gradeId || undefined,
  subjectId: filter.subjectId || undefined,
  editionId: filter.editionId || undefined,
  chapter: filter.chapter || undefined,
});

export const hasFacetFilter = (filter: FacetFilter) => Object.values(filter).some(Boolean);

/** The values of one kind, in order; `enabledOnly` for a new choice (a file's own value stays). */
export function valuesOf(
  all: FacetValue[],
  kind: FacetKind,
  options: { stageId?: number | null; enabledOnly?: boolean; keep?: number | null } = {},
): FacetValue[] {
  return all.filter(
    (value) =>
      value.kind === kind &&
      (!options.enabledOnly || value.enabled || value.id === options.keep) &&
      (kind !== 'grade' || !options.stageId || value.parentId === options.stageId),
  );
}

/** A file's facets in words: 高中 · 高一 · 数学 · 人教版 · 第一章. */
export function facetText(
  all: FacetValue[],
  row: {
    stageId?: number | null;
    gradeId?: number | null;
    subjectId?: number | null;
    editionId?: number | null;
    chapter?: string | null;
  },
): string {
  const name = (id: number | null | undefined) =>
    id ? all.find((value) => value.id === id)?.name : undefined;
  return [
    name(row.stageId),
    name(row.gradeId),
    name(row.subjectId),
    name(row.editionId),
    row.chapter ?? undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}
