import type { Kysely } from 'kysely';
import type { FileService } from '../../platform/files/service.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../time.js';
import { SiteDictionaries } from './dictionaries.js';
import { SiteNotices } from './notices.js';
import { SiteParameters } from './parameters.js';
import { SiteWorkbench } from './workbench.js';

/**
 * The intranet's settings and lists on the content-management platform:
 * rolling notices (isPower 1), workbench and application-centre entries,
 * system parameters and external sites, and the drive's dictionaries (the
 * administrator role, staffType 5). Each part checks permission first and
 * writes its change with an operation-log row in one transaction.
 */
export class CmsSiteService {
  readonly notices: SiteNotices;
  readonly workbench: SiteWorkbench;
  readonly parameters: SiteParameters;
  readonly dictionaries: SiteDictionaries;

  constructor(db: Kysely<Database>, now: Clock, files: FileService) {
    this.notices = new SiteNotices(db, now);
    this.workbench = new SiteWorkbench(db, now, files);
    this.parameters = new SiteParameters(db, now, files);
    this.dictionaries = new SiteDictionaries(db, now);
  }
}
