import type { AuthStaff } from '../auth/session.js';

/**
 * A rule an area adds to who may read a stored file, beyond "staff only"
 * (FileService.isStaffOnly): the answer is the refusal's message, or null
 * when the area has nothing against this reader (its items do not use the
 * file, or the reader may see them). Areas register theirs (Area.fileGuards),
 * so the platform never imports an area.
 */
export type FileGuard = (fileId: number, reader: AuthStaff) => Promise<string | null>;
