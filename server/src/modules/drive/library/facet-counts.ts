import type { FacetCounts } from '@school/common/api';
import type { Kysely } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { Database } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { isDriveAdmin } from '../../../http/roles.js';
import { KeptByVersion, type Versions } from '../../../platform/search/kept-by-version.js';
import { resourceColumn, visibleTo, type Viewer } from '../disk/space.js';
import { FACET_COLUMNS, withFacets, type FacetQuery } from './facet-filter.js';
import type { ListQuery, ResourceQuery } from './file-rows.js';
import { subtreeOf, type DriveFolders } from './folders.js';
import type { DriveListing } from './listing.js';

/** Chapters suggested at most. */
const CHAPTER_SUGGESTIONS = 20;

/**
 * What the library's facet panel counts: files per value of each facet, among the files the
 * viewer may read (the drive's read rule, `visibleTo`, through the listing's own query) that
 * match the list's other filters — a facet's counts leave that facet's own filter out, so the
 * panel shows what choosing another value would give. Kept under the library's list versions
 * (a file or folder written, a dictionary change), per viewer.
 */
export class DriveFacetCounts {
  private readonly kept: KeptByVersion;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly listing: DriveListing,
    private readonly folders: DriveFolders,
  ) {
    this.kept = new KeptByVersion(db, 'drive-facets');
  }

  async counts(viewer: Viewer, query: ListQuery, fId?: number): Promise<FacetCounts> {
    const within = fId ? await this.subtree(viewer, fId) : null;
    const key = JSON.stringify(['counts', query, within, viewer.id, isDriveAdmin(viewer)]);
    return this.kept.keep(
      key,
      () => this.kept.versions({ drive: ['tree:lib', 'files:lib'] }),
      (v: Versions) => v.join(' '),
      () => this.read(viewer, query, within),
    );
  }

  private async read(
    viewer: Viewer,
    query: ListQuery,
    within: number[] | null,
  ): Promise<FacetCounts> {
    const keyword = query.keyword?.trim();
    // A keyword goes through the listing's own query (its text index narrows the files first);
    // without one, each facet's counts group its partial index, which holds the read rule's
    // columns: `+owner_id` (SQLite) keeps the owner index, which would read every row, out.
    const base = (facets: FacetQuery | undefined) =>
      (keyword
        ? this.listing.resources(viewer, { ...query, facets }, { ownerId: null })
        : (this.db
            .selectFrom('driveResource')
            .where(resourceColumn('ownerId', true), 'is', null)
            .where(visibleTo(viewer, true))
            .$if(Boolean(query.resourcesType), (qb) =>
              qb.where('driveResource.resourcesType', '=', query.resourcesType!),
            )
            .$if(Boolean(query.fileType), (qb) =>
              qb.where('driveResource.fileType', '=', query.fileType!),
            )
            .$call(withFacets(facets)) as unknown as ResourceQuery)
      ).$if(within !== null, (qb) => qb.where('driveResource.folderId', 'in', within!));
    const answer: FacetCounts = { stage: [], grade: [], subject: [], edition: [] };
    for (const [kind, column] of Object.entries(FACET_COLUMNS) as Array<
      [keyof typeof FACET_COLUMNS, (typeof FACET_COLUMNS)[keyof typeof FACET_COLUMNS]]
    >) {
      const others = { ...query.facets };
      delete others[column];
      const rows = await base(others)
        .where(`driveResource.${column}`, 'is not', null)
        .select((eb) => [`driveResource.${column} as id`, eb.fn.countAll<number>().as('n')])
        .groupBy(`driveResource.${column}`)
        .execute();
      answer[kind] = rows.map((row) => ({ id: Number(row.id), num: Number(row.n) }));
    }
    return answer;
  }

  /** A library folder and those below it. */
  private async subtree(viewer: Viewer, fId: number): Promise<number[]> {
    const folder = await this.folders.get(fId, viewer);
    if (folder.ownerId !== null) throw badRequest('分面只用于资源库的文件夹');
    return subtreeOf(await this.folders.all({ ownerId: null }), fId);
  }

  /**
   * Chapters already given to library files the viewer may read in the same 学科 / 年级 /
   * 版本 (those named), most used first; `keyword`: held in the chapter.
   */
  async chapters(viewer: Viewer, facets: FacetQuery, keyword?: string): Promise<string[]> {
    const { chapter: _chapter, ...narrowing } = facets;
    const text = keyword?.trim();
    const rows = await this.db
      .selectFrom('driveResource')
      .select((eb) => ['driveResource.chapter', eb.fn.countAll<number>().as('n')])
      .where('driveResource.ownerId', 'is', null)
      .where(visibleTo(viewer))
      .where('driveResource.chapter', 'is not', null)
      .$call(withFacets(narrowing))
      .$if(Boolean(text), (qb) => qb.where(containsText('driveResource.chapter', text!)))
      .groupBy('driveResource.chapter')
      .orderBy('n', 'desc')
      .orderBy('driveResource.chapter')
      .limit(CHAPTER_SUGGESTIONS)
      .execute();
    return rows.map((row) => row.chapter!);
  }
}
