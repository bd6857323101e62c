import type { DriveRow } from '@school/common/api';
import type { Paging } from '../../db/paging.js';
import type { AuthStaff } from '../../http/auth.js';

/**
 * A search of the files a staff member may read, by name and by what they say: the drive's
 * library and the person's own disk, under the drive's read rules.
 */
export type FileSearch = (
  viewer: AuthStaff,
  keyword: string,
  paging: Paging,
) => Promise<{ total: number; list: DriveRow[] }>;

/**
 * The file search the intranet's site search shows under 查资料. The drive registers it
 * (areas do not import each other); without a drive the tab finds nothing.
 */
export class FileSearches {
  private search?: FileSearch;

  register(search: FileSearch): void {
    if (this.search) throw new Error('a file search is registered already');
    this.search = search;
  }

  find(viewer: AuthStaff, keyword: string, paging: Paging) {
    return this.search ? this.search(viewer, keyword, paging) : { total: 0, list: [] };
  }
}
