import type { FileUses } from '../../platform/files/guards.js';
import { fileUrl } from '../../platform/files/service.js';

/**
 * Workbench entries name their icon in a column, parameters their picture by its address;
 * a parameter's picture (the footer's QR code and the like) is public: parameters are the
 * site's own settings.
 */
export const intranetFileUses: FileUses = {
  named: async (db, fileId) => {
    const [icons, parameters] = await Promise.all([
      db.selectFrom('workbenchItem').select('id').where('iconFileId', '=', fileId).execute(),
      db.selectFrom('sysParameter').select('id').where('pic', '=', fileUrl(fileId)).execute(),
    ]);
    return [
      ...icons.map((row) => ({ infoTable: 'T_WORKBENCH', objId: row.id })),
      ...parameters.map((row) => ({ infoTable: 'T_PARAMETER', objId: row.id })),
    ];
  },
  public: ({ eb, url }) => [
    eb.exists(
      eb.selectFrom('sysParameter').select('sysParameter.id').where('sysParameter.pic', '=', url),
    ),
  ],
};
