import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * The teaching facets a drive list is filtered by (学段, 年级, 学科, 教材版本: values of
 * drive_facet; 章节: a file's free text), and the filter itself. Each facet is equality on a
 * column with a partial index of its own (migration 0053), so a filtered list or count reads
 * that index.
 */
export interface FacetQuery {
  stageId?: number;
  gradeId?: number;
  subjectId?: number;
  editionId?: number;
  chapter?: string;
}

export const FACET_COLUMNS = {
  stage: 'stageId',
  grade: 'gradeId',
  subject: 'subjectId',
  edition: 'editionId',
} as const;

/** The facet filters a list's body names (0, '' or absent: none). */
export function facetQueryOf(body: FacetQuery): FacetQuery | undefined {
  const chapter = body.chapter?.trim();
  const query: FacetQuery = {
    ...(body.stageId ? { stageId: body.stageId } : {}),
    ...(body.gradeId ? { gradeId: body.gradeId } : {}),
    ...(body.subjectId ? { subjectId: body.subjectId } : {}),
    ...(body.editionId ? { editionId: body.editionId } : {}),
    ...(chapter ? { chapter } : {}),
  };
  return Object.keys(query).length ? query : undefined;
}

/** Whether a list is filtered by a facet. */
export const hasFacets = (facets: FacetQuery | undefined): boolean =>
  facets !== undefined && Object.keys(facets).length > 0;

/** A resource query narrowed to the files with these facets. */
export function withFacets<Q extends SelectQueryBuilder<Database, 'driveResource', object>>(
  facets: FacetQuery | undefined,
): (qb: Q) => Q {
  return (qb) => {
    if (!facets) return qb;
    let narrowed = qb as SelectQueryBuilder<Database, 'driveResource', object>;
    for (const column of Object.values(FACET_COLUMNS)) {
      const value = facets[column];
      if (value) narrowed = narrowed.where(`driveResource.${column}`, '=', value);
    }
    if (facets.chapter) narrowed = narrowed.where('driveResource.chapter', '=', facets.chapter);
    return narrowed as Q;
  };
}
