import type { FileUses } from '../../platform/files/guards.js';

/** Banners and societies name their pictures in columns; a shown one's are public. */
export const showcaseFileUses: FileUses = {
  named: async (db, fileId) => {
    const [banners, societies] = await Promise.all([
      db.selectFrom('banner').select('id').where('imageFileId', '=', fileId).execute(),
      db
        .selectFrom('society')
        .select('id')
        .where((eb) => eb.or([eb('logoFileId', '=', fileId), eb('picFileId', '=', fileId)]))
        .execute(),
    ]);
    return [
      ...banners.map((row) => ({ infoTable: 'T_BANNER', objId: row.id })),
      ...societies.map((row) => ({ infoTable: 'T_SOCIETY', objId: row.id })),
    ];
  },
  public: ({ eb, fileId }) => [
    eb.exists(
      eb
        .selectFrom('banner')
        .select('banner.id')
        .where('banner.imageFileId', '=', fileId)
        .where('banner.enabled', '=', 1),
    ),
    eb.exists(
      eb
        .selectFrom('society')
        .select('society.id')
        .where((w) =>
          w.or([w('society.logoFileId', '=', fileId), w('society.picFileId', '=', fileId)]),
        )
        .where('society.enabled', '=', 1),
    ),
  ],
};
