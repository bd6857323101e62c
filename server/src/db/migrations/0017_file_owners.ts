import type { Kysely } from 'kysely';

/**
 * Every use of a stored file is recorded (the one read rule asks those items
 * who may read the file; a file nobody uses is its uploader's alone):
 * attachments and sets in news_file and video_file, the pictures of the
 * showcase, the introduction, the workbench and the parameters in their own
 * columns, everything else in `file_use`. Before, a file no row named was
 * public, and the body pictures of introduction pages and people, staff
 * photos and leave attachments were not all recorded. This records those
 * uses of existing rows once; the services keep them since.
 * Thumbnails are read under their picture's rules: found by thumb_file_id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('stored_file_thumb_idx')
    .on('stored_file')
    .column('thumb_file_id')
    .execute();
  await recordOwnedFileUses(db);
}

type Use = { fileId: number | null | undefined; infoTable: string; objId: number };

/** Records the uses of existing rows (exported for its test). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function recordOwnedFileUses(db: Kysely<any>): Promise<void> {
  const known = new Set(
    (await db.selectFrom('storedFile').select('id').execute()).map((r: { id: number }) => r.id),
  );
  const record = async (uses: Use[]) => {
    const rows = uses.filter(
      (use): use is Use & { fileId: number } =>
        typeof use.fileId === 'number' && known.has(use.fileId),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('fileUse')
        .values(rows.slice(i, i + 500))
        .onConflict((c) => c.columns(['infoTable', 'objId', 'fileId']).doNothing())
        .execute();
    }
  };

  for (const [table, infoTable] of [
    ['introPage', 'T_WWFZ'],
    ['person', 'T_FMSM'],
  ] as const) {
    const rows: Array<{ id: number; content: string }> = await db
      .selectFrom(table)
      .select(['id', 'content'])
      .execute();
    await record(
      rows.flatMap((r) =>
        filesInHtml(r.content ?? '').map((fileId) => ({
          fileId,
          infoTable,
          objId: r.id,
        })),
      ),
    );
  }
  const photos: Array<{ id: number; photoFileId: number | null }> = await db
    .selectFrom('staff')
    .select(['id', 'photoFileId'])
    .execute();
  await record(photos.map((r) => ({ fileId: r.photoFileId, infoTable: 'T_STAFF', objId: r.id })));
  const leave: Array<{ id: number; fileId: number | null }> = await db
    .selectFrom('leaveRequest')
    .select(['id', 'fileId'])
    .execute();
  await record(leave.map((r) => ({ fileId: r.fileId, infoTable: 'T_LEAVE', objId: r.id })));
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
