import type { FileUses } from '../../platform/files/guards.js';

/** A shown magazine's cover and PDF are public. */
export const magazineFileUses: FileUses = {
  public: ({ eb, uses }) => [
    eb.exists(
      uses('T_MAGAZINE')
        .innerJoin('magazine', 'magazine.id', 'fileUse.objId')
        .select('magazine.id')
        .where('magazine.enabled', '=', 1),
    ),
  ],
};
