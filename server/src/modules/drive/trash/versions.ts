import type { FileVersion } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { forbidden, orNotFound } from '../../../http/errors.js';
import type { FileGuard } from '../../../platform/files/guards.js';
import { dropFileUses } from '../../../platform/files/uses.js';
import { displayTime, iso, type Clock } from '../../../time.js';
import {
  downloadableBy,
  LEAK_PROTECTED_VERSIONS,
  mayDownload,
} from '../library/leak-protection.js';
import { DRIVE_USE, mayEdit, readResource, PRIVATE_FILE } from '../library/resource-access.js';
import { fileTypeOf } from '../library/resource-files.js';
import { visibleTo, type Viewer } from '../disk/space.js';

/** The file-use record that holds an earlier content of a drive file (objId the version). */
export const DRIVE_VERSION_USE = 'T_DRIVE_VERSION';
/** Earlier contents kept per file; the oldest beyond go (their bytes when nothing else uses them). */
export const VERSIONS_KEPT = 10;
export const VERSION_GONE = '该版本不存在或已删除';
export const ONLY_EDITOR_REPLACES = '只能替换自己上传的文件（教学网盘的文件网盘管理员也可以）';

/** What a resource's current content is: its bytes, and who put them up when. */
interface Content {
  id: number;
  fileId: number;
  fileName: string;
  size: number | string;
  uploaderId: number;
  createdAt: string;
}

/**
 * A drive file's earlier contents (issue 19). An upload of the same name into
 * the same folder with 替换 puts the new bytes under the same resource (its
 * name, description, likes, comments and links stay) and keeps the old ones as
 * a version: a row holding its stored file by a T_DRIVE_VERSION use, read
 * under the file's own rule. Restoring a version makes the current bytes a
 * version in turn. The last VERSIONS_KEPT are kept; versions of a disk's files
 * count toward its quota (their bytes are stored).
 */
export class DriveVersions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly dropUnused: (fileIds: number[]) => Promise<void>,
    /** Told after the commit when a file's bytes change (its text is read for the search). */
    private readonly contentChanged: (
      fileId: number,
      fileName: string,
      by: Viewer,
    ) => Promise<void>,
    /** Refuses a file that carries a virus (scanned again unless clean with today's signatures). */
    private readonly assertNoVirus: (fileId: number) => Promise<void> = async () => undefined,
  ) {}

  /** The resource's current content, as a version would record it. */
  private async content(db: Kysely<Database>, id: number): Promise<Content> {
    const row = await db
      .selectFrom('driveResource')
      .select([
        'id',
        'fileId',
        'fileName',
        'size',
        'uploaderId',
        'createdAt',
        'contentBy',
        'contentAt',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      ...row,
      uploaderId: row.contentBy ?? row.uploaderId,
      createdAt: row.contentAt ?? row.createdAt,
    };
  }

  /**
   * Puts `file` under resource `id` (in the caller's transaction), keeping the
   * current bytes as a version. Answers the stored files of versions dropped
   * beyond the limit, to be removed after the commit when unused.
   */
  async replace(
    trx: Kysely<Database>,
    id: number,
    file: { id: number; fileName: string; size: number },
    by: number,
  ): Promise<number[]> {
    const current = await this.content(trx, id);
    const at = iso(this.now());
    if (current.fileId !== file.id) await this.keep(trx, current, at);
    await this.setContent(trx, id, file, { by, at });
    return this.trim(trx, id);
  }

  /** The versions of a file the viewer may see and download, newest first. */
  async list(viewer: Viewer, resId: number): Promise<FileVersion[]> {
    const resource = await readResource(this.db, resId, viewer);
    if (!mayDownload(resource, viewer)) throw forbidden(LEAK_PROTECTED_VERSIONS);
    const rows = await this.db
      .selectFrom('driveVersion')
      .leftJoin('staff', 'staff.id', 'driveVersion.uploaderId')
      .select([
        'driveVersion.id',
        'driveVersion.fileId',
        'driveVersion.fileName',
        'driveVersion.size',
        'driveVersion.uploaderId',
        'driveVersion.createdAt',
        'driveVersion.replacedAt',
        'staff.name as uploaderName',
      ])
      .where('driveVersion.resourceId', '=', resId)
      .orderBy('driveVersion.id', 'desc')
      .execute();
    const canRestore = mayEdit(resource, viewer);
    return rows.map((row) => ({
      versionId: row.id,
      resourcesId: resId,
      resourcesFname: row.fileName,
      resourcesSize: Number(row.size),
      userId: row.uploaderId,
      userName: row.uploaderName ?? '',
      createDate: displayTime(row.createdAt),
      replaceDate: displayTime(row.replacedAt),
      url: `/api/files/${row.fileId}`,
      canRestore,
    }));
  }

  /** Makes a version the current content again; the current one becomes a version. */
  async restore(viewer: Viewer, versionId: number): Promise<{ resourcesId: number }> {
    // Restored bytes come in again: the person's right first, then the virus scan (outside
    // the transaction, which a scan would hold), then the restore, which checks anew.
    const asked = await orNotFound(
      this.db.selectFrom('driveVersion').selectAll().where('id', '=', versionId),
      VERSION_GONE,
    );
    if (!mayEdit(await readResource(this.db, asked.resourceId, viewer), viewer)) {
      throw forbidden(ONLY_EDITOR_REPLACES);
    }
    await this.assertNoVirus(asked.fileId);
    const { dropped, resourcesId, file } = await inTransaction(this.db, async (trx) => {
      const version = await orNotFound(
        trx.selectFrom('driveVersion').selectAll().where('id', '=', versionId),
        VERSION_GONE,
      );
      const resource = await readResource(trx, version.resourceId, viewer);
      if (!mayEdit(resource, viewer)) throw forbidden(ONLY_EDITOR_REPLACES);
      const current = await this.content(trx, resource.id);
      const at = iso(this.now());
      await trx.deleteFrom('driveVersion').where('id', '=', version.id).execute();
      await dropFileUses(trx, DRIVE_VERSION_USE, version.id);
      if (current.fileId !== version.fileId) await this.keep(trx, current, at);
      await this.setContent(
        trx,
        resource.id,
        { id: version.fileId, fileName: version.fileName, size: Number(version.size) },
        { by: version.uploaderId, at: version.createdAt },
      );
      return {
        dropped: await this.trim(trx, resource.id),
        resourcesId: resource.id,
        file: version,
      };
    });
    await this.dropUnused(dropped);
    await this.contentChanged(file.fileId, file.fileName, viewer);
    return { resourcesId };
  }

  private async keep(trx: Kysely<Database>, current: Content, at: string): Promise<void> {
    const { id } = await trx
      .insertInto('driveVersion')
      .values({
        resourceId: current.id,
        fileId: current.fileId,
        fileName: current.fileName,
        size: Number(current.size),
        uploaderId: current.uploaderId,
        createdAt: current.createdAt,
        replacedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('fileUse')
      .values({ fileId: current.fileId, infoTable: DRIVE_VERSION_USE, objId: id })
      .execute();
  }

  private async setContent(
    trx: Kysely<Database>,
    id: number,
    file: { id: number; fileName: string; size: number },
    content: { by: number | null; at: string },
  ): Promise<void> {
    await trx
      .updateTable('driveResource')
      .set({
        fileId: file.id,
        fileName: file.fileName,
        size: file.size,
        fileType: fileTypeOf(file.fileName),
        contentBy: content.by,
        contentAt: content.at,
        statusDate: iso(this.now()),
      })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('fileUse')
      .set({ fileId: file.id })
      .where('infoTable', '=', DRIVE_USE)
      .where('objId', '=', id)
      .execute();
  }

  /** Drops the versions beyond VERSIONS_KEPT; answers their stored files. */
  private async trim(trx: Kysely<Database>, resourceId: number): Promise<number[]> {
    const old = await trx
      .selectFrom('driveVersion')
      .select(['id', 'fileId'])
      .where('resourceId', '=', resourceId)
      .orderBy('id', 'desc')
      .offset(VERSIONS_KEPT)
      .limit(1_000)
      .execute();
    if (old.length === 0) return [];
    const ids = old.map((row) => row.id);
    await dropFileUses(trx, DRIVE_VERSION_USE, ids);
    await trx.deleteFrom('driveVersion').where('id', 'in', ids).execute();
    return [...new Set(old.map((row) => row.fileId))];
  }
}

/**
 * A version's stored file: read under the rule of the file it is a version of,
 * as that file stands at this request — whoever may see it and, when it is
 * 防泄密, may have its bytes (its uploader and the drive administrators).
 */
export function driveVersionGuard(): FileGuard {
  return {
    tables: [DRIVE_VERSION_USE],
    refusal: PRIVATE_FILE,
    allows: async (reader, uses, _fileId, db) => {
      const seen = await db
        .selectFrom('driveVersion')
        .innerJoin('driveResource', 'driveResource.id', 'driveVersion.resourceId')
        .select('driveVersion.id')
        .where(
          'driveVersion.id',
          'in',
          uses.map((use) => use.objId),
        )
        .where(visibleTo(reader))
        .where(downloadableBy(reader))
        .executeTakeFirst();
      return Boolean(seen);
    },
  };
}
