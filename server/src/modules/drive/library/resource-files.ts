import { DRIVE_EXTENSIONS } from '@school/common/api';

/**
 * What a drive file is by its name and address: whether its extension is
 * allowed, its file type (RESOURCES_FILE_TYPE), its name when downloaded, the
 * stored file an upload's address names, and the text it is found by.
 */

const EXTENSIONS: ReadonlySet<string> = new Set(DRIVE_EXTENSIONS);

/** RESOURCES_FILE_TYPE by extension: 2 documents, 3 slides, 8 sheets, 4 pictures, 5 audio, 6 video, 9 archives. */
const FILE_TYPES: Record<string, string> = {
  ...Object.fromEntries(['txt', 'doc', 'docx', 'rtf', 'wpd', 'pdf'].map((e) => [e, '2'])),
  ...Object.fromEntries(['ppt', 'pptx', 'odp'].map((e) => [e, '3'])),
  ...Object.fromEntries(['xls', 'xlsx', 'ods'].map((e) => [e, '8'])),
  odt: '2',
  ...Object.fromEntries(
    ['bmp', 'jpg', 'jpeg', 'png', 'tiff', 'gif', 'pcx', 'tga', 'exif', 'fpx', 'svg', 'psd']
      .concat(['cdr', 'pcd', 'dxf', 'ufo', 'eps', 'ai', 'raw', 'wmf'])
      .map((e) => [e, '4']),
  ),
  ...Object.fromEntries(
    ['mp3', 'wma', 'wav', 'mod', 'ra', 'cd', 'md', 'aac', 'vqf', 'ape', 'mid', 'ogg', 'm4a'].map(
      (e) => [e, '5'],
    ),
  ),
  ...Object.fromEntries(
    ['mp4', 'avi', 'mov', 'wmv', 'asf', 'navi', '3gp', 'mkv', 'f4v', 'rmvb', 'webm'].map((e) => [
      e,
      '6',
    ]),
  ),
  ...Object.fromEntries(['rar', 'zip'].map((e) => [e, '9'])),
};

const extensionOf = (name: string) => name.match(/\.([^.]+)$/)?.[1]?.toLowerCase() ?? '';

/** Whether the drive takes a file of this name (intranet.md §5 "Allowed extensions"). */
export const extensionAllowed = (name: string) => EXTENSIONS.has(extensionOf(name));

export const fileTypeOf = (name: string) => FILE_TYPES[extensionOf(name)] ?? '2';

/** A resource's name as a downloaded file: its uploaded file's extension added when it lacks it. */
export function downloadName(resource: { name: string; fileName: string }): string {
  const extension = extensionOf(resource.fileName);
  return extension && extensionOf(resource.name) !== extension
    ? `${resource.name}.${extension}`
    : resource.name;
}

/** The stored file an upload's address names: /api/files/<id> or the download's FILE_ID. */
export function fileIdOf(path: string): number | null {
  const match = /\/api\/(?:files\/|news\/uploadnewfile\.do\?FILE_ID=)(\d{1,10})(?:$|[?&#])/.exec(
    path,
  );
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** What a drive file is found by in the text index: its name and description (its uploader's name is looked up apart). */
export const searchText = (name: string, description: string) => `${name} ${description.trim()}`;
