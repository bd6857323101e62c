import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';

/** PLACEHOLDER: being written (demo rolling notices, workbench and application-centre entries). */
export async function seedDemoIntranet(_db: Kysely<Database>, _services: Services): Promise<void> {}
