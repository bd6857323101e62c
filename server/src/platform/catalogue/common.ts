import { isSafeLink } from '@school/common';
import { mayShow, type PictureWriter } from '../files/pictures.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';

/**
 * Pieces shared by the intranet's settings and lists (rolling notices,
 * workbench entries, system parameters, dictionaries).
 */

/** Who acts: a logged-in staff member (the demo seed acts as the demo administrator). */
export type SiteActor = AuthStaff;

export const LINK_MESSAGE = '须以 http:// 或 https:// 开头，或为以 / 开头的站内地址';

export { isSafeLink };

/** The trimmed link, null for empty; refuses anything else with `${label}${LINK_MESSAGE}`. */
export function checkLink(value: string | null | undefined, label: string): string | null {
  const link = value?.trim() ?? '';
  if (!link) return null;
  if (!isSafeLink(link)) throw badRequest(`${label}${LINK_MESSAGE}`);
  return link;
}

export type Direction = 'up' | 'down';

/** How `reorder` numbers a list and what it says at either end. */
export interface ReorderOptions {
  /** The first position's sort (1 by default). */
  start?: number;
  first?: string;
  last?: string;
  /** The error when the row is not in the list. */
  missing?: () => Error;
}

/**
 * The new order of a list when one row moves one place: every row's position
 * (1..n, or from `start`) in the new order, for the rows whose stored sort
 * differs. Rows come in their current order; equal sorts (rows added with the
 * default 0) are straightened out on the first move. Refuses a move past
 * either end.
 */
export function reorder(
  rows: Array<{ id: number; sort: number }>,
  id: number,
  direction: Direction,
  options: ReorderOptions = {},
): Array<{ id: number; sort: number }> {
  const index = rows.findIndex((row) => row.id === id);
  if (index === -1) throw options.missing?.() ?? badRequest('要移动的条目不存在');
  const target = direction === 'up' ? index - 1 : index + 1;
  if (target < 0) throw badRequest(options.first ?? '已经是第一个了');
  if (target >= rows.length) throw badRequest(options.last ?? '已经是最后一个了');
  const order = [...rows];
  [order[index], order[target]] = [order[target]!, order[index]!];
  const start = options.start ?? 1;
  return order
    .map((row, position) => ({ id: row.id, sort: position + start, was: row.sort }))
    .filter((row) => row.sort !== row.was)
    .map(({ id: rowId, sort }) => ({ id: rowId, sort }));
}

export const MOVE_NAMES: Record<Direction, string> = { up: '上移', down: '下移' };

/**
 * A stored picture to show as an icon or a site's image: it must exist and be
 * an image. Answers its id, or null to clear.
 */
export async function checkImageFile(
  db: Kysely<Database>,
  fileId: number | null | undefined,
  writer: PictureWriter,
): Promise<number | null> {
  if (!fileId) return null;
  const file = await db
    .selectFrom('storedFile')
    .select(['id', 'mimeType'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw badRequest('图片不存在，请重新上传');
  if (!file.mimeType.startsWith('image/')) throw badRequest('请上传图片文件');
  await mayShow(writer, [file.id], db);
  return file.id;
}

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export const conflict = (message: string) => new AppError(409, message);
