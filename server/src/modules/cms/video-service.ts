import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { Clock } from '../../time.js';

/** PLACEHOLDER: being written. */
export class CmsVideoService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchIndex,
    private readonly now: Clock,
  ) {}
}
