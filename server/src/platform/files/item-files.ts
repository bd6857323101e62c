import { isContentAdmin } from '../../http/roles.js';
import type { Kysely } from 'kysely';
import type { Database, NewsFileRole } from '../../db/schema.js';
import { badRequest, forbidden } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileAccess } from './access.js';
import { fileUrl } from './service.js';

/** A file as a save sends it: a stored file, or a file of the old site the item already has. */
export interface CmsFileInput {
  role: NewsFileRole;
  fileId?: number | null;
  legacyPath?: string | null;
  /** Defaults to the stored file's name. */
  fileName?: string;
  caption?: string | null;
}

/** A file of an item as it is stored: its place, the stored file or an old-site path, its name. */
export interface ItemFileInput {
  role: NewsFileRole;
  fileId?: number | null;
  legacyPath?: string | null;
  fileName: string;
  caption?: string | null;
}

/**
 * A file of an item as its edit form and its versions show it: where it
 * stands, its address (filePath), and oldfile 1 for a file of the old site.
 */
export function editFileView(file: ItemFileInput) {
  return {
    role: file.role,
    fileId: file.fileId ?? null,
    legacyPath: file.legacyPath ?? null,
    fileName: file.fileName,
    caption: file.caption ?? null,
    filePath: file.legacyPath ?? fileUrl(file.fileId),
    oldfile: file.legacyPath ? 1 : 0,
  };
}

/** What an item already holds (its current state and versions being restored). */
export interface KnownFiles {
  coverFileId: number | null;
  files: ItemFileInput[];
}

/**
 * The files a save of the system names (the seed, the importer, the test
 * factories: SaveOptions.onBehalf in platform/publishing/save.ts), passed as
 * known: they are the system's to vouch for, so neither the uploader rule nor
 * the read rule asks about them (old-site files included).
 */
export const vouchedFiles = (coverFileId: number | null, files: CmsFileInput[]): KnownFiles => ({
  coverFileId,
  files: files.map((file) => ({ ...file, fileName: file.fileName ?? '' })),
});

/** How a kind words the refusal of a file of the wrong type, where it has its own words. */
export interface ItemFileWords {
  /** A cover that is not a picture. */
  notPicture?: string;
  /** A file of the wrong type in its place (a picture in a video's catalogue). */
  wrongType?: (fileName: string) => string;
}

const ROLE_TYPES: Partial<Record<NewsFileRole, { prefix: string; message: string }>> = {
  image: { prefix: 'image/', message: '图集中只能放图片' },
  video: { prefix: 'video/', message: '视频集中只能放视频' },
};

/**
 * Checks the files a save refers to: each stored file exists and has the
 * type of its place (a picture set holds pictures, a cover is a picture); a
 * teacher may only use files they uploaded or that the item already had, and
 * anyone only files they may read (the one read rule: an administrator
 * cannot publish a teacher's private drive file by its id); old-site files
 * only come back from the item itself. Answers the files with their names
 * filled in.
 */
export async function checkItemFiles(
  db: Kysely<Database>,
  access: FileAccess,
  files: CmsFileInput[],
  coverFileId: number | null,
  staff: AuthStaff,
  known: KnownFiles[],
  words: ItemFileWords = {},
): Promise<ItemFileInput[]> {
  const knownIds = new Set(known.flatMap((d) => [d.coverFileId, ...d.files.map((f) => f.fileId)]));
  const knownLegacy = new Map(
    known.flatMap((d) =>
      d.files.filter((f) => f.legacyPath).map((f) => [f.legacyPath!, f.fileName] as const),
    ),
  );
  const ids = [
    ...new Set(
      [coverFileId, ...files.map((f) => f.fileId)].filter(
        (id): id is number => typeof id === 'number',
      ),
    ),
  ];
  const stored = ids.length
    ? await db
        .selectFrom('storedFile')
        .select(['id', 'fileName', 'mimeType', 'createdBy'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(stored.map((f) => [f.id, f]));
  for (const id of ids) {
    const file = byId.get(id);
    if (!file) throw badRequest('文件不存在，请重新上传');
    if (!isContentAdmin(staff) && file.createdBy !== staff.id && !knownIds.has(id)) {
      throw forbidden('只能使用自己上传的文件');
    }
  }
  await access.assertMayUse(
    staff,
    ids.filter((id) => !knownIds.has(id)),
    db,
  );
  if (coverFileId && !byId.get(coverFileId)!.mimeType.startsWith('image/')) {
    throw badRequest(words.notPicture ?? '封面须为图片');
  }
  return files.map((file) => {
    const caption = file.caption?.trim() || null;
    if (file.fileId) {
      const stored = byId.get(file.fileId)!;
      const expected = ROLE_TYPES[file.role];
      if (expected && !stored.mimeType.startsWith(expected.prefix)) {
        throw badRequest(words.wrongType?.(stored.fileName) ?? expected.message);
      }
      const fileName = (file.fileName?.trim() || stored.fileName).slice(0, 255);
      return { role: file.role, fileId: file.fileId, fileName, caption };
    }
    const legacyName = file.legacyPath ? knownLegacy.get(file.legacyPath) : undefined;
    if (legacyName === undefined) throw badRequest('文件不存在，请重新上传');
    const fileName = file.fileName?.trim() || legacyName;
    return { role: file.role, legacyPath: file.legacyPath, fileName, caption };
  });
}

/** Stored files among `ids` that still exist (a restore drops pictures deleted since). */
export async function existingFiles(
  db: Kysely<Database>,
  ids: Array<number | null | undefined>,
): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((id): id is number => !!id))];
  if (wanted.length === 0) return new Set();
  const rows = await db.selectFrom('storedFile').select('id').where('id', 'in', wanted).execute();
  return new Set(rows.map((row) => row.id));
}
