import {
  Id,
  Maybe,
  OneOf,
  Page,
  Paging,
  Type,
  endpoint,
  endpoints,
  type Static,
} from './shared.js';

/**
 * Viruses found in uploads and on the daily rescan (server: platform/files/virus-scan.ts): the
 * record system administrators read and mark handled (cms/virusFinding/list, handle). The
 * infected bytes themselves are gone; the record keeps what was found, in what, from whom.
 */

export const VirusFinding = Type.Object({
  findingId: Type.Integer(),
  fileName: Type.String(),
  /** Bytes. */
  fileSize: Type.Integer(),
  /** The signature's name, as clamd reports it. */
  virusName: Type.String(),
  /** The signature version it was found with (ClamAV 1.4.6/27000/…). */
  scanVersion: Type.String(),
  /** upload: refused as it came in; rescan: found in a stored file by the daily rescan. */
  foundBy: Type.Union([Type.Literal('upload'), Type.Literal('rescan')]),
  uploaderName: Maybe(Type.String()),
  /** YYYY-MM-DD HH:mm, Beijing time. */
  foundDate: Type.String(),
  handled: Type.Boolean(),
  handledDate: Maybe(Type.String()),
  handledByName: Maybe(Type.String()),
});
export type VirusFinding = Static<typeof VirusFinding>;

export const virusFindingCalls = endpoints('cms', {
  list: endpoint(
    '/cms/virusFinding/list',
    'systemAdmin',
    '系统管理：上传文件的病毒检测记录（state 0 待处理、1 已处理，不填为全部；最新的在前）',
    Type.Object({
      state: Type.Optional(OneOf([0, 1], 'state 须为 0 或 1')),
      ...Paging(20, 100),
    }),
    Page(VirusFinding),
  ),
  handle: endpoint(
    '/cms/virusFinding/handle',
    'systemAdmin',
    '系统管理：将病毒检测记录标记为已处理（已告知上传者、已查杀其电脑等）',
    Type.Object({ findingId: Id('请选择检测记录') }),
    Type.Null(),
  ),
});
