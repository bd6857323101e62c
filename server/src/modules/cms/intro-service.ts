import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../time.js';

/** PLACEHOLDER: being written. */
export class CmsIntroService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}
}
