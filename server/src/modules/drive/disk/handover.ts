import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import {
  HANDOVER_NAMES,
  type HandoverContext,
  type HandoverLine,
  type HandoverPart,
  type HandoverStep,
} from '../../../platform/org/handover.js';
import { iso } from '../../../time.js';
import { versionBytes, type DiskQuota } from './quota.js';

const megabytes = (bytes: number) => (bytes / 1048576).toFixed(2);

const line = (what: string, names: string[], size: number | null = null): HandoverLine => ({
  what,
  count: names.length,
  size,
  names: names.slice(0, HANDOVER_NAMES),
});

/**
 * The drive's part of a 离职交接, in the handover's transaction:
 * - the leaver's disk (its folders and files, with their versions) moves
 *   into a new folder 交接自<姓名> at the top of the receiver's disk, when it
 *   fits the receiver's quota (a clear refusal otherwise);
 * - the leaver's library uploads become the receiver's;
 * - live share links (not cancelled, not expired) move to the receiver or
 *   end, as the administrator chose.
 * The leaver's 回收站 stays with the account and goes at its usual expiry.
 */
export class DriveHandover implements HandoverStep {
  constructor(private readonly quota: DiskQuota) {}

  async run({ trx, from, to, shares, now }: HandoverContext): Promise<HandoverPart> {
    const disk = await this.moveDisk(trx, from.id, from.name, to.id, to.name, now);
    const library = await trx
      .selectFrom('driveResource')
      .select('name')
      .where('ownerId', 'is', null)
      .where('uploaderId', '=', from.id)
      .orderBy('id')
      .execute();
    if (library.length) {
      await trx
        .updateTable('driveResource')
        .set({ uploaderId: to.id })
        .where('ownerId', 'is', null)
        .where('uploaderId', '=', from.id)
        .execute();
    }
    const links = await this.shareLinks(trx, from.id, to.id, shares, now);
    return {
      folderName: disk.folderName,
      lines: [
        ...disk.lines,
        line(
          '资源库上传（改归接收人）',
          library.map((row) => row.name),
        ),
        line(shares === 'move' ? '分享链接（转给接收人）' : '分享链接（已失效）', links),
      ],
    };
  }

  private async moveDisk(
    trx: Kysely<Database>,
    fromId: number,
    fromName: string,
    toId: number,
    toName: string,
    now: Date,
  ): Promise<{ folderName?: string; lines: HandoverLine[] }> {
    const [folders, files, versions] = await Promise.all([
      trx
        .selectFrom('driveFolder')
        .select('name')
        .where('ownerId', '=', fromId)
        .orderBy('layer')
        .orderBy('id')
        .execute(),
      trx
        .selectFrom('driveResource')
        .select(['name', 'size'])
        .where('ownerId', '=', fromId)
        .orderBy('id')
        .execute(),
      versionBytes(trx, fromId),
    ]);
    if (!folders.length && !files.length) return { lines: [] };
    const fileBytes = files.reduce((sum, row) => sum + Number(row.size), 0);
    const bytes = fileBytes + Number(versions.bytes);
    await this.quota.lock(trx, toId);
    const { used, pending, total } = await this.quota.usage(toId, trx);
    if (used + pending + bytes > total) {
      throw badRequest(
        `接收人${toName}的网盘空间不足：剩余 ${megabytes(Math.max(0, total - used - pending))}M，` +
          `${fromName}的网盘需要 ${megabytes(bytes)}M。请先为接收人清理空间，或选择其他接收人`,
      );
    }
    const folderName = await this.freeName(trx, toId, `交接自${fromName}`);
    const last = await trx
      .selectFrom('driveFolder')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('ownerId', '=', toId)
      .where('parentId', 'is', null)
      .executeTakeFirst();
    const at = iso(now);
    const { id: folderId } = await trx
      .insertInto('driveFolder')
      .values({
        parentId: null,
        ownerId: toId,
        name: folderName,
        description: `${fromName}离职交接的个人网盘`,
        layer: 0,
        sort: Number(last?.sort ?? 0) + 1,
        createdBy: toId,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The top of the leaver's disk goes under the new folder, one layer deeper throughout.
    await trx
      .updateTable('driveFolder')
      .set({ parentId: folderId })
      .where('ownerId', '=', fromId)
      .where('parentId', 'is', null)
      .execute();
    await trx
      .updateTable('driveFolder')
      .set((eb) => ({ ownerId: toId, layer: eb('layer', '+', 1), updatedAt: at }))
      .where('ownerId', '=', fromId)
      .execute();
    await trx
      .updateTable('driveResource')
      .set({ folderId })
      .where('ownerId', '=', fromId)
      .where('folderId', 'is', null)
      .execute();
    await trx
      .updateTable('driveResource')
      .set({ ownerId: toId })
      .where('ownerId', '=', fromId)
      .execute();
    return {
      folderName,
      lines: [
        line(
          '个人网盘文件夹',
          folders.map((row) => row.name),
        ),
        line(
          '个人网盘文件',
          files.map((row) => row.name),
          bytes,
        ),
      ],
    };
  }

  /** `base`, or base（2）, base（3）… : the first name no folder at the top of the disk has. */
  private async freeName(trx: Kysely<Database>, ownerId: number, base: string): Promise<string> {
    const taken = new Set(
      (
        await trx
          .selectFrom('driveFolder')
          .select('name')
          .where('ownerId', '=', ownerId)
          .where('parentId', 'is', null)
          .execute()
      ).map((row) => row.name),
    );
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}（${n}）`;
    return name;
  }

  /** The leaver's live share links, moved to the receiver or ended; answers their targets' names. */
  private async shareLinks(
    trx: Kysely<Database>,
    fromId: number,
    toId: number,
    shares: HandoverContext['shares'],
    now: Date,
  ): Promise<string[]> {
    const at = iso(now);
    const live = await trx
      .selectFrom('driveShare')
      .leftJoin('driveResource', 'driveResource.id', 'driveShare.resourceId')
      .leftJoin('driveFolder', 'driveFolder.id', 'driveShare.folderId')
      .select(['driveShare.id', 'driveResource.name as fileName', 'driveFolder.name as folderName'])
      .where('driveShare.staffId', '=', fromId)
      .where('driveShare.cancelledAt', 'is', null)
      .where((eb) =>
        eb.or([eb('driveShare.expiresAt', 'is', null), eb('driveShare.expiresAt', '>', at)]),
      )
      .orderBy('driveShare.id')
      .execute();
    if (live.length) {
      await trx
        .updateTable('driveShare')
        .set(shares === 'move' ? { staffId: toId } : { cancelledAt: at })
        .where(
          'id',
          'in',
          live.map((row) => row.id),
        )
        .execute();
    }
    return live.map((row) => row.fileName ?? row.folderName ?? '');
  }
}
