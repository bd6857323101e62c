/**
 * Limits and codes of the contract that the pages need as values (lengths,
 * extensions, states, header names). Plain constants, without schemas, so a
 * page importing them brings no TypeBox into the browser bundle; the
 * contract's schemas (api/*.ts) read them from here.
 */

// ---- mail (api/mail.ts) ----

export const MAIL_PAGE_SIZE = 10;
export const MAIL_TITLE_MAX = 200;
/** Characters of text in the body, tags not counted. */
export const MAIL_BODY_MAX = 2500;
export const MAIL_FILES_MAX = 20;
/**
 * The largest mail attachment in bytes (100 MB); a larger file goes as 超大附件: kept in the
 * sender's drive, the mail carrying a link to it.
 */
export const MAIL_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Recipients of one mail: a whole school. */
export const MAIL_RECIPIENTS_MAX = 2000;
/** A group's note (contactsNote). */
export const MAIL_GROUP_NOTE_MAX = 30;
/** Drafts kept per person; the oldest beyond go. */
export const MAIL_DRAFTS_MAX = 200;
/** inmainState: 1 unread, 2 read. */
export const MAIL_UNREAD = 1;
export const MAIL_READ = 2;

/** Allowed attachment extensions (intranet.md §5 "Allowed extensions"). */
export const MAIL_EXTENSIONS = [
  ...['bmp', 'jpg', 'jpeg', 'png', 'tiff', 'gif', 'pcx', 'tga', 'exif', 'fpx', 'svg', 'psd'],
  ...['cdr', 'pcd', 'dxf', 'ufo', 'eps', 'ai', 'raw', 'wmf'],
  ...['txt', 'doc', 'docx', 'xls', 'xlsx', 'rtf', 'wpd', 'pdf', 'ppt', 'pptx'],
  ...['mp4', 'avi', 'mov', 'wmv', 'asf', 'navi', '3gp', 'mkv', 'f4v', 'rmvb', 'webm'],
  ...['mp3', 'wma', 'wav', 'mod', 'ra', 'cd', 'md', 'aac', 'vqf', 'ape', 'mid', 'ogg', 'm4a'],
  ...['rar', 'zip'],
] as const;

/**
 * The teaching drive's extensions: the spec's list (intranet.md §5) and the
 * OpenDocument files LibreOffice, WPS and Office save, which the drive
 * previews as PDF pages (issue 19).
 */
export const DRIVE_FILE_EXTENSIONS = [...MAIL_EXTENSIONS, 'odt', 'ods', 'odp'] as const;

// ---- teaching drive (api/drive.ts, api/drive-upload.ts) ----

export const DRIVE_PAGE_SIZE = 10;
export const FOLDER_NAME_MAX = 25;
export const DRIVE_DESC_MAX = 300;
export const COMMENT_MAX = 300;
/** resourcesFileType of a folder row. */
export const FOLDER_FILE_TYPE = '-1';
/** resourcesIsOpen: '0' teachers, '1' private, '2' teachers and students, '3' students. */
export const OPENNESS = ['0', '1', '2', '3'] as const;
export const PRIVATE = '1';
/** sType: the shared library or the caller's own disk. */
export const LIBRARY = 0;
export const MY_DISK = 1;

/** Headers of the tus upload's last PATCH (or of its POST when it carried every byte). */
export const DRIVE_UPLOAD_HEADERS = {
  fileId: 'X-File-Id',
  url: 'X-File-Url',
  /** encodeURIComponent of the file's name. */
  fileName: 'X-File-Name',
  fileSize: 'X-File-Size',
  /** '1' the bytes were already stored, '0' a new file. */
  reused: 'X-File-Reused',
} as const;

/** The sensitive-word levels as the pages name them (api/sensitive-words.ts `SensitiveLevel`). */
export const SENSITIVE_LEVEL_NAMES = { block: '禁止', warn: '提醒' } as const;
/** The longest reason a reviewer gives for publishing an item with 提醒 words. */
export const SENSITIVE_REASON_MAX = 200;

/** The drive library's teaching facets (drive-facets.ts): a dictionary value's name, a 章节. */
export const FACET_NAME_MAX = 20;
export const CHAPTER_MAX = 60;
