import {
  Nothing,
  Type,
  endpoint,
  endpoints,
  rawEndpoint,
  FileField,
  type Static,
} from './shared.js';

/**
 * 站点设置: the school's identity as one form over its system parameters
 * (XXMC, XXJC, XXYWMC, ZTYS, XXBZ, WZTB, YTHF, EWM, XXDZ, YZBM, ICP, GABA and
 * the lists LXDH, XXYX, YQLJ, DHCD, XYZL). Kept by the administrator role,
 * like every system parameter; the portal reads the same rows through
 * api/sysParameter/getParameterList.
 */

/** A labelled row of a list (a phone's use and number, a link's name and address). */
export const LabelledValue = Type.Object({ label: Type.String(), value: Type.String() });
export type LabelledValue = Static<typeof LabelledValue>;

/** A menu item's or tile's label an administrator gave it, by the item's key. */
export const KeyedLabel = Type.Object({ key: Type.String(), label: Type.String() });
export type KeyedLabel = Static<typeof KeyedLabel>;

/** The pictures the settings hold, each also a kind of upload. */
export const SITE_PICTURE_KINDS = ['logo', 'favicon', 'banner', 'qr'] as const;
export type SitePictureKind = (typeof SITE_PICTURE_KINDS)[number];

/** Upload limits by kind (bytes): the banner is a wide photograph, the rest are small. */
export const SITE_PICTURE_MAX_BYTES: Record<SitePictureKind, number> = {
  logo: 2 * 1024 * 1024,
  favicon: 1024 * 1024,
  banner: 5 * 1024 * 1024,
  qr: 2 * 1024 * 1024,
};

/** Longest lists the form accepts. */
export const SITE_LIST_MAX = 20;

/** The theme colour when none is set: a neutral blue. */
export const DEFAULT_THEME_COLOR = '#1f5fa8';

export const SiteSettings = Type.Object({
  name: Type.String(),
  shortName: Type.String(),
  englishName: Type.String(),
  /** '#rrggbb', '' for the default. */
  themeColor: Type.String(),
  /** Uploaded pictures' addresses ('' for none: the drawn emblem, icon, plain band, no QR). */
  logo: Type.String(),
  favicon: Type.String(),
  banner: Type.String(),
  qr: Type.String(),
  address: Type.String(),
  postcode: Type.String(),
  icp: Type.String(),
  police: Type.String(),
  phones: Type.Array(LabelledValue),
  emails: Type.Array(LabelledValue),
  links: Type.Array(LabelledValue),
  menu: Type.Array(KeyedLabel),
  tiles: Type.Array(KeyedLabel),
});
export type SiteSettings = Static<typeof SiteSettings>;

const Field = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** A list as a JSON string of its array. */
const ListField = Type.Optional(Type.String({ maxLength: 20000 }));
const Remove = Type.Optional(Type.String({ maxLength: 1 }));

/**
 * The save, form-encoded strings as the pages post them: an empty or absent
 * field keeps its value; a list given (JSON) replaces the list; a picture
 * takes an address the upload answered; removeX=1 clears a picture; `clear`
 * names the optional texts to empty (comma-separated: englishName, address,
 * postcode, icp, police). The server names the first bad field in Chinese.
 */
export const SiteSettingsForm = Type.Object({
  name: Field(200),
  shortName: Field(200),
  englishName: Field(400),
  themeColor: Field(20),
  logo: Field(200),
  favicon: Field(200),
  banner: Field(200),
  qr: Field(200),
  address: Field(400),
  postcode: Field(40),
  icp: Field(200),
  police: Field(200),
  phones: ListField,
  emails: ListField,
  links: ListField,
  menu: ListField,
  tiles: ListField,
  removeLogo: Remove,
  removeFavicon: Remove,
  removeBanner: Remove,
  removeQr: Remove,
  clear: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SiteSettingsInput = Static<typeof SiteSettingsForm>;

export const SitePictureForm = Type.Object({
  kind: Type.Optional(Type.String({ description: 'logo | favicon | banner | qr（在 file 之前）' })),
  file: FileField('图片：PNG、JPG 或 SVG'),
});
export const SitePictureQuery = Type.Object({
  kind: Type.Optional(Type.String({ maxLength: 10 })),
});
export const SitePicture = Type.Object({ url: Type.String() });

/** `v` only tells caches which drawing they hold. */
export const DrawnQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 40 })) });

export const siteSettingsCalls = endpoints('site', {
  get: rawEndpoint(
    '/cms/siteSettings',
    'systemAdmin',
    '站点设置：学校名称、简称、标志、主题色、页头横幅、页脚与菜单名称（GET）',
    { method: 'GET' },
    SiteSettings,
  ),
  /** The same answer for the pages' client, which posts every call. */
  read: endpoint(
    '/cms/siteSettings/get',
    'systemAdmin',
    '站点设置：读取（同 GET /cms/siteSettings）',
    undefined,
    SiteSettings,
  ),
  save: endpoint(
    '/cms/siteSettings',
    'systemAdmin',
    '站点设置：保存（空字段保持不变；列表为 JSON 数组字符串，给出即替换；removeLogo 等为 1 时清除图片）',
    SiteSettingsForm,
    SiteSettings,
  ),
  upload: rawEndpoint(
    '/cms/siteSettings/upload',
    'systemAdmin',
    '站点设置：上传标志、网站图标、页头横幅或二维码（PNG、JPG、SVG；SVG 转为 PNG 保存）',
    { query: SitePictureQuery, form: SitePictureForm },
    SitePicture,
  ),
  logo: rawEndpoint(
    '/site/logo.svg',
    'public',
    '按学校名称绘制的标志（未上传学校标志时使用）',
    { method: 'GET', query: DrawnQuery, produces: 'image/svg+xml' },
    Nothing,
  ),
  favicon: rawEndpoint(
    '/site/favicon.svg',
    'public',
    '按学校简称绘制的网站图标（未上传网站图标时使用）',
    { method: 'GET', query: DrawnQuery, produces: 'image/svg+xml' },
    Nothing,
  ),
});
