import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import type { Space } from '../disk/space.js';
import { FACET_COLUMNS } from './facet-filter.js';
import { FACET_LABELS } from './facets.js';

/** A file's teaching facets as stored (drive_resource, migration 0053). */
export interface FacetColumns {
  stageId: number | null;
  gradeId: number | null;
  subjectId: number | null;
  editionId: number | null;
  chapter: string | null;
}

/**
 * The facets an upload or edit form sends: an id sets a value, 0 clears it, absent leaves it
 * as it is (an upload: not set). `full`: the form sends them all, so an absent one is cleared.
 */
export interface FacetInput {
  stageId?: number;
  gradeId?: number;
  subjectId?: number;
  editionId?: number;
  chapter?: string;
  full?: boolean;
}

export const NO_FACETS: FacetColumns = {
  stageId: null,
  gradeId: null,
  subjectId: null,
  editionId: null,
  chapter: null,
};

export const LIBRARY_ONLY = '只有资源库的文件可以设置学段、年级、学科、教材版本和章节';

/** A file row's facets. */
export const facetsOf = (row: FacetColumns): FacetColumns => ({
  stageId: row.stageId,
  gradeId: row.gradeId,
  subjectId: row.subjectId,
  editionId: row.editionId,
  chapter: row.chapter,
});

/** The facets a form's fields name, or undefined when it names none. */
export function facetInputOf(body: FacetInput & { withFacets?: '0' | '1' }): FacetInput {
  return {
    stageId: body.stageId,
    gradeId: body.gradeId,
    subjectId: body.subjectId,
    editionId: body.editionId,
    chapter: body.chapter,
    full: body.withFacets === '1',
  };
}

const given = (input: FacetInput | undefined): boolean =>
  input !== undefined &&
  (Object.values(FACET_COLUMNS).some((column) => input[column] !== undefined) ||
    input.chapter !== undefined);

/**
 * The facets a file gets from a form (upload: `current` none; edit: the file's): each value
 * must be in the dictionary and of its kind, a newly chosen one enabled, and a grade of the
 * stage chosen with it (the stage follows the grade when none is chosen). A file of a disk
 * takes none (400). Refusals are 400s with the facet named.
 */
export async function chooseFacets(
  db: Kysely<Database>,
  space: Space,
  input: FacetInput | undefined,
  current: FacetColumns = NO_FACETS,
): Promise<FacetColumns> {
  if (!input || (!input.full && !given(input))) return facetsOf(current);
  const base = input.full ? NO_FACETS : facetsOf(current);
  const pick = (column: FacetColumnName) =>
    input[column] === undefined ? base[column] : input[column] || null;
  const chosen: FacetColumns = {
    stageId: pick('stageId'),
    gradeId: pick('gradeId'),
    subjectId: pick('subjectId'),
    editionId: pick('editionId'),
    chapter:
      input.chapter === undefined
        ? input.full
          ? null
          : base.chapter
        : input.chapter.trim() || (input.full ? null : base.chapter),
  };
  if (space.ownerId !== null) {
    if (Object.values(chosen).some((value) => value !== null)) throw badRequest(LIBRARY_ONLY);
    return chosen;
  }
  const ids = Object.values(FACET_COLUMNS)
    .map((column) => chosen[column])
    .filter((id): id is number => id !== null);
  const rows = ids.length
    ? await db
        .selectFrom('driveFacet')
        .select(['id', 'kind', 'name', 'parentId', 'enabled'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [kind, column] of Object.entries(FACET_COLUMNS) as Array<
    [keyof typeof FACET_COLUMNS, FacetColumnName]
  >) {
    const id = chosen[column];
    if (id === null) continue;
    const row = byId.get(id);
    const label = FACET_LABELS[kind];
    if (!row || row.kind !== kind) throw badRequest(`所选${label}不存在或已删除，请重新选择`);
    if (row.enabled !== 1 && id !== current[column]) {
      throw badRequest(`${label}“${row.name}”已停用，请重新选择`);
    }
  }
  if (chosen.gradeId !== null) {
    const grade = byId.get(chosen.gradeId)!;
    if (chosen.stageId === null) {
      chosen.stageId = grade.parentId;
    } else if (grade.parentId !== chosen.stageId) {
      throw badRequest(`年级“${grade.name}”不属于所选学段，请重新选择`);
    }
  }
  return chosen;
}

type FacetColumnName = (typeof FACET_COLUMNS)[keyof typeof FACET_COLUMNS];
