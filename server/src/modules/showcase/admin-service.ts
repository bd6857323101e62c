import type { Kysely } from 'kysely';
import type { FileService } from '../../platform/files/service.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../time.js';
import { BannerAdmin } from './banners.js';
import { SocietyAdmin } from './societies.js';

/**
 * What the portal shows besides news, as the content platform authors it:
 * the home carousel and the sections' cover banners (`banners`), and the
 * student societies (`societies`). Administrators (isPower 1) only.
 */
export class CmsShowcaseService {
  readonly banners: BannerAdmin;
  readonly societies: SocietyAdmin;

  constructor(db: Kysely<Database>, clock: Clock, files: FileService) {
    this.banners = new BannerAdmin(db, clock, files);
    this.societies = new SocietyAdmin(db, clock, files);
  }
}
