import { sql, type Kysely } from 'kysely';

/**
 * WebDAV dead properties count in the quota of the person who set them (modules/drive/dav):
 * dav_property.staff_id (who set or copied it) and dav_property.size (its name and value in
 * bytes). Properties set before have no one to count for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dav_property').addColumn('staff_id', 'integer').execute();
  await db.schema
    .alterTable('dav_property')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update dav_property set size = length(name) + length(value)`.execute(db);
  await db.schema
    .createIndex('dav_property_staff_idx')
    .on('dav_property')
    .column('staff_id')
    .execute();
}
