import { MAIL_EXTENSIONS, MAIL_FILES_MAX } from '@school/common/api';
import { badRequest } from '../../http/errors.js';
import type { AuthStaff } from '../../platform/auth/session.js';

/** Who acts: the logged-in person (or the demo seed acting as them). */
export type Person = Pick<AuthStaff, 'id'>;

/** A name list longer than this is cut with 等N人 (the sent list's receiveName). */
const NAMES_SHOWN = 60;

export interface Attachment {
  fileId: number;
  /** The name shown and downloaded; the stored file's own name when not given. */
  fileName: string | null;
}

const ALLOWED = new Set<string>(MAIL_EXTENSIONS);

export const extensionAllowed = (fileName: string) =>
  ALLOWED.has(fileName.match(/\.([^.]+)$/)?.[1]?.toLowerCase() ?? '');

/** The stored file an address names: /api/files/<id> or the download address's FILE_ID. */
const FILE_ADDRESS = /\/api\/(?:files\/|news\/uploadnewfile\.do\?FILE_ID=)(\d{1,10})(?:$|[?&#])/;

/**
 * The send payload's fileList: JSON text of [{fileId, fileName}] (fileId may
 * come as a number or digits) or, as the original pages send the upload's
 * answer, [{fileName, filePath}] with the file's address. '' or absent: no
 * attachments. Each file once.
 */
export function attachmentsOf(fileList: string | undefined): Attachment[] {
  if (!fileList?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(fileList);
  } catch {
    throw badRequest('附件列表格式不正确');
  }
  if (!Array.isArray(parsed)) throw badRequest('附件列表格式不正确');
  const seen = new Map<number, Attachment>();
  for (const entry of parsed as unknown[]) {
    const item = (entry ?? {}) as { fileId?: unknown; fileName?: unknown; filePath?: unknown };
    const address = typeof item.filePath === 'string' ? FILE_ADDRESS.exec(item.filePath) : null;
    const fileId = Number(item.fileId ?? address?.[1]);
    if (!Number.isSafeInteger(fileId) || fileId < 1 || fileId > 2_147_483_647)
      throw badRequest('附件列表格式不正确');
    const name = typeof item.fileName === 'string' ? item.fileName.trim().slice(0, 255) : '';
    if (!seen.has(fileId)) seen.set(fileId, { fileId, fileName: name || null });
  }
  if (seen.size > MAIL_FILES_MAX) throw badRequest(`附件最多${MAIL_FILES_MAX}个`);
  return [...seen.values()];
}

/** The refusal of a file whose extension is not in the allowed list (§5 "Allowed extensions"). */
export const badFormat = (fileName: string) => badRequest(`不符合格式文件：${fileName}`);

/** The recipients' names as the sent list shows them: cut after a few with 等N人. */
export function namesLine(names: string[]): string {
  let line = '';
  for (const [i, name] of names.entries()) {
    const next = line ? `${line}、${name}` : name;
    if (next.length > NAMES_SHOWN && i > 0) return `${line}等${names.length}人`;
    line = next;
  }
  return line.slice(0, 200);
}
