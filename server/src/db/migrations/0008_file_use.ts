import type { Kysely } from 'kysely';

/**
 * Which item uses which stored file beyond attachments and picture/video sets
 * (news_file, video_file): body pictures, covers, magazine PDFs. A file used
 * only by items the public cannot read is then read by staff only. Existing
 * items are recorded here once; the services keep it up to date. (The
 * database handle maps camelCase names to the tables' snake_case.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_use')
    .addColumn('file_id', 'integer', (c) =>
      c.notNull().references('stored_file.id').onDelete('cascade'),
    )
    .addColumn('info_table', 'varchar(32)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_use_pk', ['info_table', 'obj_id', 'file_id'])
    .execute();
  // Reading a file asks which items of a kind use it: answered from this index alone.
  await db.schema
    .createIndex('file_use_file_idx')
    .on('file_use')
    .columns(['file_id', 'info_table', 'obj_id'])
    .execute();
  await recordExistingFileUses(db);
}

/** Records the files existing items use; exported for its test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function recordExistingFileUses(db: Kysely<any>): Promise<void> {
  const known = new Set(
    (await db.selectFrom('storedFile').select('id').execute()).map((r: { id: number }) => r.id),
  );
  const record = async (infoTable: string, uses: Array<[number, Array<number | null>]>) => {
    const rows = uses.flatMap(([objId, ids]) =>
      [...new Set(ids)]
        .filter((id): id is number => id !== null && known.has(id))
        .map((fileId) => ({ fileId, infoTable, objId })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('fileUse')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  };
  const bodies = async (table: string, withCover: boolean) => {
    const rows: Array<{ id: number; content: string; coverFileId?: number | null }> = await db
      .selectFrom(table)
      .select(withCover ? ['id', 'content', 'coverFileId'] : ['id', 'content'])
      .execute();
    return rows.map(
      (r) => [r.id, [r.coverFileId ?? null, ...filesInHtml(r.content)]] as [number, number[]],
    );
  };
  await record('T_NEWS', await bodies('news', true));
  await record('T_SUBJECT_NEWS', await bodies('subjectNews', false));
  await record('TF_VIDEO', await bodies('video', true));
  const magazines: Array<{ id: number; coverFileId: number | null; pdfFileId: number | null }> =
    await db.selectFrom('magazine').select(['id', 'coverFileId', 'pdfFileId']).execute();
  await record(
    'T_MAGAZINE',
    magazines.map((m) => [m.id, [m.coverFileId, m.pdfFileId]]),
  );
}

/**
 * The stored files a rich-text body shows or links (/api/files/<id> and the
 * download address), copied from platform/files/uses.ts as it stood in
 * issue 17: a migration does the same on every database, whatever the live
 * code becomes later, so it never imports it.
 */
function filesInHtml(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(
    /\/api\/(?:files\/|news\/uploadnewfile\.do\?FILE_ID=)(\d{1,9})/g,
  )) {
    ids.add(Number(match[1]));
  }
  return [...ids];
}
