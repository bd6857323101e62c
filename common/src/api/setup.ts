import { LoginUser } from './auth.js';
import { FileField, Type, type Static, endpoint, endpoints, rawEndpoint } from './shared.js';

/**
 * The first run (/setup): while the database has no staff, the person holding
 * the one-time link the server printed at start names the school and makes the
 * first administrator. Once any staff member exists every call answers 404.
 */

export const SetupStatus = Type.Object({ needed: Type.Boolean() });
export type SetupStatus = Static<typeof SetupStatus>;

/** The setup token's refusal: wrong, used, or made by an earlier start of the server. */
export const SETUP_TOKEN_MESSAGE = '设置链接无效或已过期，请查看服务器控制台输出的地址';

/** The logo a setup may carry: small, a picture (checked by its bytes). */
export const SETUP_LOGO_MAX_BYTES = 2 * 1024 * 1024;

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength: maxLength * 4 }));

/**
 * The setup form, form-encoded or multipart (with `logo`). Every field is
 * optional here so that the service names the missing one in Chinese.
 */
export const SetupForm = Type.Object({
  token: Text(100),
  name: Text(100),
  shortName: Text(20),
  code: Text(64),
  staffName: Text(50),
  password: Text(128),
  password2: Text(128),
  logo: FileField('学校标志（PNG 或 JPG，可选，最大 2 MB）'),
});
export type SetupInput = Omit<Static<typeof SetupForm>, 'logo'>;

export const setupCalls = endpoints('setup', {
  status: endpoint(
    '/setup/status',
    'public',
    '首次设置：是否仍需设置（尚无任何教职工账号时为 true）',
    undefined,
    SetupStatus,
  ),
  statusGet: rawEndpoint(
    '/setup/status',
    'public',
    '首次设置：是否仍需设置（GET，同上）',
    { method: 'GET' },
    SetupStatus,
  ),
  setup: rawEndpoint(
    '/setup',
    'public',
    '首次设置：凭控制台输出的一次性链接填写学校名称并创建首位管理员（成功即登录）',
    { form: SetupForm },
    LoginUser,
  ),
});
