import type { Kysely } from 'kysely';
import { PASSWORD_RULE_MESSAGE, isStrongPassword, type LoginUser } from '@school/common';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden, orNotFound } from '../../http/errors.js';
import { iso, type Clock } from '../../time.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import type { AuthStaff, SessionStore } from './session.js';
import type { LoginThrottle } from './throttle.js';

export interface LoginInput {
  staffCode: string;
  staffPass: string;
  staffType: number;
  ip: string;
  userAgent: string | null;
}

/** What the login call answers and the pages keep as `User` (never a password). */
export type LoginResult = LoginUser;

/** The account a login answers (with its new session's token) in the API's names. */
export const loginUser = (token: string, staff: Omit<AuthStaff, 'sessionId'>): LoginUser => ({
  token,
  staffId: staff.id,
  staffName: staff.name,
  staffType: staff.staffType,
  staffCode: staff.code,
  isPower: staff.isPower,
  isAdmin: staff.isAdmin,
  email: staff.email,
  schoolId: staff.schoolId,
  whetherpass: staff.whetherpass,
});

export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    private readonly now: Clock,
  ) {}

  async login(input: LoginInput): Promise<LoginResult> {
    const code = input.staffCode.trim();
    await this.throttle.attempt(code, input.ip);
    const staff = await this.db
      .selectFrom('staff')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    const passwordOk = await verifyPassword(
      input.staffPass,
      staff?.passwordHash ?? (await decoyHash()),
    );
    if (!staff || !passwordOk) throw badRequest('账号或密码错误');
    await this.throttle.succeeded(code, input.ip);
    if (staff.status !== 1) throw forbidden('账号已停用，请联系管理员');
    if (staff.staffType !== input.staffType) throw badRequest('身份选择错误，请重新选择身份');

    // whetherpass 0: the password fails the strength rule, or an administrator set it
    // (a new account, a reset) and the user has not chosen their own yet.
    // An imported account's generated password (mustChangePassword) is replaced at first login.
    const whetherpass =
      isStrongPassword(input.staffPass) && !staff.mustChangePassword ? staff.whetherpass : 0;
    if (whetherpass !== staff.whetherpass) {
      await this.db.updateTable('staff').set({ whetherpass }).where('id', '=', staff.id).execute();
    }
    const token = await this.sessions.create(staff.id, input.ip, input.userAgent);
    return {
      ...loginUser(token, { ...staff, whetherpass }),
      mustChangePassword: staff.mustChangePassword ? 1 : 0,
    };
  }

  async logout(staff: AuthStaff): Promise<void> {
    await this.sessions.revoke(staff.sessionId);
  }

  async staffIdOf(staffCode: string): Promise<number> {
    const row = await orNotFound(
      this.db
        .selectFrom('staff')
        .select('id')
        .where('code', '=', staffCode.trim())
        .where('status', '=', 1),
      '账号不存在',
    );
    return row.id;
  }

  /** Changes the caller's own password; other sessions of that account are signed out. */
  async changePassword(staff: AuthStaff, oldPassword: string, newPassword: string): Promise<void> {
    const row = await this.db
      .selectFrom('staff')
      .select('passwordHash')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(oldPassword, row.passwordHash))) throw badRequest('原密码错误');
    if (!isStrongPassword(newPassword)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (oldPassword === newPassword) throw badRequest('新密码不能与原密码相同');
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff')
        .set({ passwordHash, whetherpass: 1, mustChangePassword: 0, updatedAt: iso(this.now()) })
        .where('id', '=', staff.id)
        .execute();
      // A hand-off's session would go with the session it came from: it is kept on its own.
      await trx
        .updateTable('session')
        .set({ parentId: null })
        .where('id', '=', staff.sessionId)
        .execute();
      await trx
        .deleteFrom('session')
        .where('staffId', '=', staff.id)
        .where('id', '!=', staff.sessionId)
        .execute();
    });
  }
}
