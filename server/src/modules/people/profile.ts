import type { MyProfile } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import { assertPictures } from '../../platform/files/pictures.js';
import type { FileService } from '../../platform/files/service.js';

/** intranet.md §2 /editPwd: the name field holds at most 20 characters. */
const NAME_MAX = 20;
const PHONE = /^[0-9+\-() ]{5,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ProfileInput {
  staffName: string;
  /** '' clears; undefined keeps. */
  phone?: string;
  email?: string;
  /** 0 clears; undefined keeps. */
  photoFileId?: number;
}

/** A staff member's own profile: what /editPwd shows and saves (the password is auth's). */
export class ProfileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {}

  async get(staff: AuthStaff): Promise<MyProfile> {
    const row = await this.db
      .selectFrom('staff')
      .select(['id', 'code', 'name', 'phone', 'email', 'photoFileId'])
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    return {
      staffId: row.id,
      staffCode: row.code,
      staffName: row.name,
      phone: row.phone,
      email: row.email,
      photoFileId: row.photoFileId,
      photoUrl: fileUrl(row.photoFileId),
    };
  }

  async save(staff: AuthStaff, input: ProfileInput): Promise<MyProfile> {
    const name = input.staffName.trim();
    if (!name) throw badRequest('请填写姓名');
    if ([...name].length > NAME_MAX) throw badRequest(`姓名不能超过${NAME_MAX}个字`);
    const phone = input.phone?.trim();
    if (phone && !PHONE.test(phone)) throw badRequest('电话号码格式不正确');
    const email = input.email?.trim();
    if (email && !EMAIL.test(email)) throw badRequest('邮箱格式不正确');
    const current = await this.get(staff);
    const photo = input.photoFileId === undefined ? current.photoFileId : input.photoFileId || null;
    if (photo !== null && photo !== current.photoFileId) {
      // Only one's own upload (stricter than the read rule, which recordUses applies too).
      await assertPictures(this.db, [{ fileId: photo, label: '照片', required: false }], 'system');
      const file = await this.db
        .selectFrom('storedFile')
        .select('createdBy')
        .where('id', '=', photo)
        .executeTakeFirstOrThrow();
      // A new photo is one the person uploaded themselves.
      if (file.createdBy !== staff.id) throw forbidden('只能使用自己上传的照片');
    }
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('staff')
        .set({
          name,
          ...(phone === undefined ? {} : { phone: phone || null }),
          ...(email === undefined ? {} : { email: email || null }),
          photoFileId: photo,
          updatedAt: iso(this.now()),
        })
        .where('id', '=', staff.id)
        .execute();
      // The photo is read by logged-in staff only (the address book).
      await this.files.recordUses(trx, staff, 'T_STAFF', staff.id, [photo]);
    });
    return this.get(staff);
  }
}
