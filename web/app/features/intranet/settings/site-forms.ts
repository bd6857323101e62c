import { isSafeLink } from '@school/common';
import type { UploadedFile } from '../../../components/editor/uploads';

/** Rows of the intranet settings' calls (api/cms/notice|workbench|parameter|dictionary): the contract's. */
import type { ParameterGroup } from '@school/common/api';
export type {
  NoticeItem as NoticeRow,
  WorkbenchEntry as WorkbenchRow,
  ParameterRow,
  DictionaryItem as DictionaryRow,
} from '@school/common/api';
export type { ParameterGroup };

export type MenuType = 1 | 2;

export type DictionaryCode = 'RESOURCES_TYPE' | 'RESOURCES_FILE_TYPE';

/** The form and the server's time format: Beijing time as the API answers it. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const LINK_HINT = '以 http:// 或 https:// 开头，或为以 / 开头的站内地址';

/** The server's rule, shared with it: http(s) with a host, or a path of this site. */
export { isSafeLink };

/** An antd Form rule: empty passes (use `required` for that), otherwise a safe link. */
export const linkRule = (label: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const link = value?.trim();
    if (link && !isSafeLink(link)) throw new Error(`${label}须${LINK_HINT}`);
  },
});

/**
 * A row's picture as UploadField shows it. A picture that is no uploaded file
 * (a built-in image such as the QR code's) shows with fileId 0.
 */
export function pictureValue(
  fileId: number | null,
  url: string | null | undefined,
  fileName = '图片',
): UploadedFile | null {
  return url ? { fileId: fileId ?? 0, url, fileName } : null;
}

/**
 * What a save sends for a picture field: nothing when it was left as it was
 * (the server keeps it), 0 when removed, else the new file's id.
 */
export function pictureChange(
  before: UploadedFile | null,
  after: UploadedFile | null | undefined,
): number | undefined {
  const value = after ?? null;
  if (value?.url === before?.url && value?.fileId === before?.fileId) return undefined;
  return value?.fileId ?? 0;
}

/** Whether the delete of a parameter row would take the last row of a code the site reads. */
export const isLastRequiredRow = (group: ParameterGroup) =>
  group.required && group.rows.length <= 1;

/** Parameter groups whose code, meaning, names or values contain the text (all when empty). */
export function filterGroups(groups: ParameterGroup[], text: string): ParameterGroup[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return groups;
  const has = (value: string | null | undefined) => (value ?? '').toLowerCase().includes(needle);
  return groups.filter(
    (group) =>
      has(group.parameteCode) ||
      has(group.codeName) ||
      group.rows.some((row) => has(row.parameterName) || has(row.parameteValue)),
  );
}

export interface ParameterSection {
  title: string;
  /** Codes of one row, shown together in one table. */
  singles: ParameterGroup[];
  /** Codes of several rows, each under its own heading. */
  lists: ParameterGroup[];
}

/**
 * The parameter screen's sections: links and external sites, the school's
 * details, and the codes an administrator added; empty sections are left out.
 */
export function parameterSections(groups: ParameterGroup[]): ParameterSection[] {
  const sections: Array<[string, (g: ParameterGroup) => boolean]> = [
    ['链接与外部站点', (g) => g.known && g.kind === 'link'],
    ['学校信息', (g) => g.known && g.kind !== 'link'],
    ['自定义参数', (g) => !g.known],
  ];
  return sections
    .map(([title, test]) => {
      const mine = groups.filter(test);
      return {
        title,
        singles: mine.filter((g) => !g.list),
        lists: mine.filter((g) => g.list),
      };
    })
    .filter((section) => section.singles.length + section.lists.length > 0);
}

/** This server's own addresses a parameter may hold, by the name an administrator knows them. */
const OWN_ADDRESSES: Record<string, string> = {
  '/api/cms/handoff': '本站内容管理平台',
};

/** The name of one of this server's own addresses (/api/cms/handoff: 本站内容管理平台), else null. */
export const ownAddressName = (value: string): string | null =>
  OWN_ADDRESSES[value.trim().replace(/\?.*$/, '')] ?? null;
