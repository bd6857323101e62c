import type { Kysely } from 'kysely';
import type { FileService } from '../../platform/files/service.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../time.js';
import { IntroPageAdmin } from './pages.js';
import { PersonAdmin } from './people.js';

/**
 * The Encounter section (meetfuyi) as the content platform authors it: the
 * school-introduction pages (`pages`, the spec's wwfz; one page per type for
 * the profile, aims and scholarships, see SINGLE_PAGE_TYPES) and the people
 * (`people`, the spec's fmsm). Administrators (isPower 1) only; every save
 * keeps a version in content_revision (T_WWFZ, T_FMSM) for compare and
 * restore, and writes an operation-log row in the same transaction.
 */
export class CmsIntroService {
  readonly pages: IntroPageAdmin;
  readonly people: PersonAdmin;

  constructor(db: Kysely<Database>, clock: Clock, files: FileService) {
    this.pages = new IntroPageAdmin(db, clock, files);
    this.people = new PersonAdmin(db, clock, files);
  }
}
