import type { FileUses } from '../../platform/files/guards.js';

/**
 * Pages and people name their picture in a column (and their bodies' pictures in
 * file_use); those for everyone (enableType 1) are public.
 */
export const introFileUses: FileUses = {
  named: async (db, fileId) => {
    const [pages, people] = await Promise.all([
      db.selectFrom('introPage').select('id').where('picFileId', '=', fileId).execute(),
      db.selectFrom('person').select('id').where('picFileId', '=', fileId).execute(),
    ]);
    return [
      ...pages.map((row) => ({ infoTable: 'T_WWFZ', objId: row.id })),
      ...people.map((row) => ({ infoTable: 'T_FMSM', objId: row.id })),
    ];
  },
  public: ({ eb, fileId, uses }) => [
    eb.exists(
      eb
        .selectFrom('introPage')
        .select('introPage.id')
        .where('introPage.picFileId', '=', fileId)
        .where('introPage.enableType', '=', 1),
    ),
    eb.exists(
      eb
        .selectFrom('person')
        .select('person.id')
        .where('person.picFileId', '=', fileId)
        .where('person.enableType', '=', 1),
    ),
    eb.exists(
      uses('T_WWFZ')
        .innerJoin('introPage', 'introPage.id', 'fileUse.objId')
        .select('introPage.id')
        .where('introPage.enableType', '=', 1),
    ),
    eb.exists(
      uses('T_FMSM')
        .innerJoin('person', 'person.id', 'fileUse.objId')
        .select('person.id')
        .where('person.enableType', '=', 1),
    ),
  ],
};
