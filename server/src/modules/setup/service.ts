import type { Kysely } from 'kysely';
import { PASSWORD_RULE_MESSAGE, isStrongPassword, type LoginUser } from '@school/common';
import { SETUP_TOKEN_MESSAGE, type SetupInput } from '@school/common/api';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { loginUser } from '../../platform/auth/service.js';
import type { SessionStore } from '../../platform/auth/session.js';
import type { FileService } from '../../platform/files/service.js';
import { storeSitePicture } from '../../platform/files/site-pictures.js';
import type { UploadService, UploadedFile } from '../../platform/files/upload.js';
import type { Clock } from '../../time.js';
import { createFirstAdministrator, nameSchool } from './first-run.js';
import { hashSetupToken } from './token.js';

/** After the setup (or on a database with staff) every setup call is as if it did not exist. */
export const SETUP_DONE_MESSAGE = '网站已完成首次设置';

/** What the form asks for, with its Chinese label and longest length. */
const FIELDS = {
  name: { label: '学校全称', max: 50 },
  shortName: { label: '学校简称', max: 10 },
  code: { label: '管理员账号', max: 32 },
  staffName: { label: '姓名', max: 20 },
} as const;

export interface SetupRequest {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The first run: names the school and makes the first administrator, exactly
 * as ADMIN_CODE does at start (staffType 5, isPower 1, drive isAdmin '1'),
 * and logs them in. Open only while the database has no staff, and only to
 * the holder of the setup token the server printed at start.
 */
export class SetupService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
    private readonly uploads: UploadService,
    private readonly sessions: SessionStore,
  ) {}

  /**
   * The logo, checked by its bytes and stored as 站点设置 stores one (PNG, JPEG,
   * or a safe SVG drawn into a PNG), before the setup's transaction (whose
   * administrator will own it).
   */
  storeLogo(bytes: Buffer): Promise<UploadedFile> {
    return storeSitePicture(this.uploads, 'logo', bytes, null);
  }

  /** Whether the site still waits for its setup: no staff member exists. */
  async needed(db: Kysely<Database> = this.db): Promise<boolean> {
    const row = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
    return !row;
  }

  /** 404 once the setup is done, so that /setup looks like any address the site lacks. */
  async assertNeeded(): Promise<void> {
    if (!(await this.needed())) throw notFound(SETUP_DONE_MESSAGE);
  }

  /** The form checked before anything is stored: the token first, then each field. */
  async check(input: SetupInput) {
    await this.assertNeeded();
    if (!input.token || !(await this.tokenKnown(input.token))) throw forbidden(SETUP_TOKEN_MESSAGE);
    const text = (field: keyof typeof FIELDS, required: boolean) => {
      const { label, max } = FIELDS[field];
      const value = (input[field] ?? '').trim();
      if (required && !value) throw badRequest(`请输入${label}`);
      if ([...value].length > max) throw badRequest(`${label}不能超过${max}个字`);
      return value;
    };
    const name = text('name', true);
    const shortName = text('shortName', true);
    const code = text('code', true);
    if (!/^[A-Za-z0-9_.@-]+$/.test(code)) {
      throw badRequest('管理员账号只能包含字母、数字和 _ . @ -');
    }
    const staffName = text('staffName', false) || '系统管理员';
    const password = input.password ?? '';
    if (!password) throw badRequest('请输入密码');
    if (!isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (password !== input.password2) throw badRequest('两次输入的密码不一致');
    return { token: input.token, name, shortName, code, staffName, password };
  }

  /**
   * Everything in one transaction: the token is taken first (of two setups at
   * once, the second finds it gone and changes nothing), then the
   * administrator, the school's name, short name and logo, and the session.
   */
  async setup(
    form: Awaited<ReturnType<SetupService['check']>>,
    logo: UploadedFile | undefined,
    request: SetupRequest,
  ): Promise<LoginUser> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('setupToken')
        .where('tokenHash', '=', hashSetupToken(form.token))
        .executeTakeFirst();
      if (Number(taken.numDeletedRows) !== 1) throw forbidden(SETUP_TOKEN_MESSAGE);
      if (!(await this.needed(trx))) throw notFound(SETUP_DONE_MESSAGE);
      await trx.deleteFrom('setupToken').execute();

      const staffId = await createFirstAdministrator(trx, this.now, {
        code: form.code,
        name: form.staffName,
        password: form.password,
      });
      const staff = await trx
        .selectFrom('staff')
        .selectAll()
        .where('id', '=', staffId)
        .executeTakeFirstOrThrow();
      const token = await this.sessions.create(staffId, request.ip, request.userAgent, trx);
      const actor = { ...staff, sessionId: 0 };

      if (logo) {
        // Stored before the administrator existed: it is theirs, as if they had uploaded it.
        await trx
          .updateTable('storedFile')
          .set({ createdBy: staffId })
          .where((eb) =>
            eb.or([
              eb('id', '=', logo.fileId),
              eb(
                'id',
                '=',
                eb.selectFrom('storedFile').select('thumbFileId').where('id', '=', logo.fileId),
              ),
            ]),
          )
          .execute();
      }
      await nameSchool(
        trx,
        this.now,
        this.files,
        { actor, ip: request.ip },
        { name: form.name, shortName: form.shortName, logoFileId: logo?.fileId },
      );

      return loginUser(token, staff);
    });
  }

  private async tokenKnown(token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('setupToken')
      .select('tokenHash')
      .where('tokenHash', '=', hashSetupToken(token))
      .executeTakeFirst();
    return Boolean(row);
  }
}
