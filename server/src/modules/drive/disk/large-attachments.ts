import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/errors.js';
import type { DriveFolders } from '../library/folders.js';
import type { DriveResources } from '../library/resources.js';
import type { Viewer } from './space.js';

/** The folder at the top of a disk that takes the files sent as 超大附件 (made when first needed). */
export const LARGE_ATTACHMENT_FOLDER = '超大附件';
/** 资源类型 of a file kept for a mail: 其他 (RESOURCES_TYPE 6), as WebDAV's files. */
const OTHER_TYPE = '6';

/**
 * 超大附件: a file too large for a mail is uploaded to the sender's own disk (tus, sType 1,
 * under the disk's quota) and registered here, in the disk's folder 超大附件. The mail then
 * names the drive file (modules/mail/large-files.ts) and links to it; the file stays the
 * sender's, in their disk, whatever becomes of the mail or its link.
 */
export class LargeAttachments {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly folders: DriveFolders,
    private readonly resources: DriveResources,
  ) {}

  async store(
    viewer: Viewer,
    upload: { path: string; name?: string },
  ): Promise<{ resourcesId: number; fId: number; fileName: string; fileSize: number }> {
    const fId = await this.folderOf(viewer);
    const name = upload.name?.trim() || undefined;
    const [resourcesId] = await this.resources.add(
      viewer,
      { fId },
      [{ path: upload.path, name, fileName: name }],
      { resourcesType: OTHER_TYPE, isOpen: '1' },
      'keep',
    );
    const row = await this.resources.get(resourcesId!, viewer);
    return { resourcesId: resourcesId!, fId, fileName: row.name, fileSize: Number(row.size) };
  }

  /** The disk's 超大附件 folder, made when missing (two uploads at once make it once). */
  private async folderOf(viewer: Viewer): Promise<number> {
    const found = await this.find(viewer.id);
    if (found !== undefined) return found;
    try {
      const { fid } = await this.folders.create(
        viewer,
        { ownerId: viewer.id },
        { name: LARGE_ATTACHMENT_FOLDER, description: '以超大附件发送的邮件附件' },
      );
      return fid;
    } catch (err) {
      // Made meanwhile by another upload of the same person: use that one.
      const made = await this.find(viewer.id);
      if (made !== undefined && err instanceof AppError && err.statusCode === 409) return made;
      throw err;
    }
  }

  private async find(ownerId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('driveFolder')
      .select('id')
      .where('ownerId', '=', ownerId)
      .where('parentId', 'is', null)
      .where('name', '=', LARGE_ATTACHMENT_FOLDER)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }
}
