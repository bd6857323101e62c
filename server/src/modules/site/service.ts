import type { Kysely } from 'kysely';
import {
  SITE_LIST_MAX,
  type KeyedLabel,
  type LabelledValue,
  type SiteSettings,
  type SiteSettingsInput,
} from '@school/common/api';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import { assertSiteAdmin } from '../../http/roles.js';
import { checkLink, type SiteActor } from '../../platform/catalogue/common.js';
import type { FileService } from '../../platform/files/service.js';
import type { Clock } from '../../time.js';
import { parameterCode } from '../../platform/catalogue/parameter-codes.js';
import { SiteParameters } from '../../platform/catalogue/parameters.js';
import type { Identity } from './emblem.js';

/** The one-row texts of the form, their parameter code, Chinese label and longest length. */
const TEXTS = {
  name: { code: 'XXMC', label: '学校名称', max: 50 },
  shortName: { code: 'XXJC', label: '学校简称', max: 10 },
  englishName: { code: 'XXYWMC', label: '学校英文名称', max: 100 },
  themeColor: { code: 'ZTYS', label: '主题色', max: 7 },
  address: { code: 'XXDZ', label: '学校地址', max: 100 },
  postcode: { code: 'YZBM', label: '邮政编码', max: 6 },
  icp: { code: 'ICP', label: 'ICP备案号', max: 50 },
  police: { code: 'GABA', label: '公安备案号', max: 50 },
} as const;

/** The pictures: the form's field, its remove flag and its code. */
const PICTURES = {
  logo: { code: 'XXBZ', label: '学校标志', remove: 'removeLogo' },
  favicon: { code: 'WZTB', label: '网站图标', remove: 'removeFavicon' },
  banner: { code: 'YTHF', label: '页头横幅', remove: 'removeBanner' },
  qr: { code: 'EWM', label: '二维码', remove: 'removeQr' },
} as const;

/** Lists of labelled values: phones, e-mails and related links. */
const LISTS = {
  phones: { code: 'LXDH', label: '联系电话', kind: 'text', fallback: '电话' },
  emails: { code: 'XXYX', label: '学校邮箱', kind: 'email', fallback: '邮箱' },
  links: { code: 'YQLJ', label: '相关链接', kind: 'link', fallback: '' },
} as const;

/** Labels of the top menu's items and of the campus tiles, by key. */
const KEYED = {
  menu: { code: 'DHCD', label: '导航菜单' },
  tiles: { code: 'XYZL', label: '校园专栏' },
} as const;

type TextField = keyof typeof TEXTS;

/** The texts a school may leave empty (the name, short name and colour it may not). */
const CLEARABLE = ['englishName', 'address', 'postcode', 'icp', 'police'] as const;
type PictureField = keyof typeof PICTURES;
type ListField = keyof typeof LISTS;
type KeyedField = keyof typeof KEYED;

const CODES = [
  ...Object.values(TEXTS),
  ...Object.values(PICTURES),
  ...Object.values(LISTS),
  ...Object.values(KEYED),
].map((f) => f.code);

/** A row to write: name and value, and for a picture its file (null clears). */
interface RowWrite {
  name: string;
  value: string;
  picFileId?: number | null;
}

/** What a valid form changes: the codes it writes one row of, and the lists it replaces. */
interface Changes {
  single: Map<string, RowWrite>;
  lists: Map<string, RowWrite[]>;
}

const length = (text: string) => [...text].length;
const PICTURE_URL = /^\/api\/files\/(\d+)$/;
const KEY = /^[A-Za-z0-9_-]{1,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+\-() 转,、]{3,40}$/;

/**
 * 站点设置: the school's identity as one form over its system parameters,
 * kept by the administrator role and saved in one transaction through the
 * same parameter service the parameter screen uses (so every write is
 * checked and logged alike, and the public pages' cache hears it).
 */
export class SiteSettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {}

  async get(actor: SiteActor): Promise<SiteSettings> {
    assertSiteAdmin(actor);
    return this.read(this.db);
  }

  async save(input: SiteSettingsInput, actor: SiteActor, ip: string | null) {
    assertSiteAdmin(actor);
    const changes = checkForm(input);
    return inTransaction(this.db, async (trx) => {
      const parameters = new SiteParameters(trx, this.now, this.files);
      for (const [code, row] of changes.single) {
        const current = await trx
          .selectFrom('sysParameter')
          .select(['id', 'value'])
          .where('code', '=', code)
          .orderBy('id')
          .executeTakeFirst();
        // Clearing a picture or a text nobody set changes nothing.
        if (!current && (row.picFileId === null || (!row.value && row.picFileId === undefined))) {
          continue;
        }
        await parameters.save({ id: current?.id, code, ...row }, actor, ip);
      }
      for (const [code, rows] of changes.lists) {
        await trx.deleteFrom('sysParameter').where('code', '=', code).execute();
        for (const [index, row] of rows.entries()) {
          await parameters.save({ code, ...row, sort: index + 1 }, actor, ip);
        }
      }
      return this.read(trx);
    });
  }

  /** What the drawn logo and icon are made of (public: the pages show it anyway). */
  async identity(): Promise<Identity> {
    const rows = await this.db
      .selectFrom('sysParameter')
      .select(['code', 'value'])
      .where('code', 'in', ['XXMC', 'XXJC', 'ZTYS'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const value = (code: string) => rows.find((r) => r.code === code)?.value.trim() ?? '';
    return { name: value('XXMC'), shortName: value('XXJC'), themeColor: value('ZTYS') };
  }

  private async read(db: Kysely<Database>): Promise<SiteSettings> {
    const rows = await db
      .selectFrom('sysParameter')
      .select(['code', 'name', 'value', 'pic'])
      .where('code', 'in', CODES)
      .orderBy('code')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const of = (code: string) => rows.filter((r) => r.code === code);
    const text = (field: TextField) => of(TEXTS[field].code)[0]?.value ?? '';
    const picture = (field: PictureField) => of(PICTURES[field].code)[0]?.pic ?? '';
    const labelled = (field: ListField): LabelledValue[] =>
      of(LISTS[field].code).map((r) => ({ label: r.name, value: r.value }));
    const keyed = (field: KeyedField): KeyedLabel[] =>
      of(KEYED[field].code).map((r) => ({ key: r.name, label: r.value }));
    return {
      name: text('name'),
      shortName: text('shortName'),
      englishName: text('englishName'),
      themeColor: text('themeColor'),
      logo: picture('logo'),
      favicon: picture('favicon'),
      banner: picture('banner'),
      qr: picture('qr'),
      address: text('address'),
      postcode: text('postcode'),
      icp: text('icp'),
      police: text('police'),
      phones: labelled('phones'),
      emails: labelled('emails'),
      links: labelled('links'),
      menu: keyed('menu'),
      tiles: keyed('tiles'),
    };
  }
}

/** Checks the whole form before anything is written; the first bad field is named in Chinese. */
export function checkForm(input: SiteSettingsInput): Changes {
  const changes: Changes = { single: new Map(), lists: new Map() };
  const given = (value: string | undefined) => (value ?? '').trim();

  for (const [field, rule] of Object.entries(TEXTS) as Array<
    [TextField, (typeof TEXTS)[TextField]]
  >) {
    let value = given(input[field]);
    if (!value) continue;
    if (length(value) > rule.max) throw badRequest(`${rule.label}不能超过${rule.max}个字`);
    if (field === 'themeColor') {
      if (!/^#[0-9a-fA-F]{6}$/.test(value))
        throw badRequest('主题色须为 #rrggbb 格式的颜色，例如 #1f5fa8');
      value = value.toLowerCase();
    }
    if (field === 'postcode' && !/^\d{6}$/.test(value)) throw badRequest('邮政编码须为6位数字');
    changes.single.set(rule.code, { name: parameterCode(rule.code).name, value });
  }

  for (const field of given(input.clear)
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)) {
    if (!(CLEARABLE as readonly string[]).includes(field)) {
      throw badRequest(`不能清空“${TEXTS[field as TextField]?.label ?? field}”`);
    }
    const rule = TEXTS[field as TextField];
    if (!changes.single.has(rule.code)) {
      changes.single.set(rule.code, { name: parameterCode(rule.code).name, value: '' });
    }
  }

  for (const [field, rule] of Object.entries(PICTURES) as Array<
    [PictureField, (typeof PICTURES)[PictureField]]
  >) {
    const name = parameterCode(rule.code).name;
    const removed = given(input[rule.remove]);
    if (removed && removed !== '1' && removed !== '0')
      throw badRequest(`${rule.remove} 须为 1 或 0`);
    const address = given(input[field]);
    if (address) {
      const match = PICTURE_URL.exec(address);
      if (!match) throw badRequest(`${rule.label}的图片不正确，请重新上传`);
      changes.single.set(rule.code, { name, value: '', picFileId: Number(match[1]) });
    } else if (removed === '1') {
      changes.single.set(rule.code, { name, value: '', picFileId: null });
    }
  }

  for (const [field, rule] of Object.entries(LISTS) as Array<
    [ListField, (typeof LISTS)[ListField]]
  >) {
    const rows = listOf(input[field], rule.label);
    if (!rows) continue;
    changes.lists.set(
      rule.code,
      rows.map((row, index) => {
        const at = `${rule.label}第${index + 1}行`;
        const label = text(row, 'label', at) || rule.fallback;
        let value = text(row, 'value', at);
        if (!label) throw badRequest(`${at}请填写名称`);
        if (!value) throw badRequest(`${at}请填写内容`);
        if (length(label) > 50) throw badRequest(`${at}的名称不能超过50个字`);
        if (length(value) > 200) throw badRequest(`${at}的内容不能超过200个字`);
        if (rule.kind === 'link') value = checkLink(value, `${at}的地址`) ?? '';
        if (rule.kind === 'email' && !EMAIL.test(value)) throw badRequest(`${at}的邮箱地址不正确`);
        if (field === 'phones' && !PHONE.test(value)) throw badRequest(`${at}的电话号码不正确`);
        return { name: label, value };
      }),
    );
  }

  for (const [field, rule] of Object.entries(KEYED) as Array<
    [KeyedField, (typeof KEYED)[KeyedField]]
  >) {
    const rows = listOf(input[field], rule.label);
    if (!rows) continue;
    const seen = new Set<string>();
    const kept: RowWrite[] = [];
    for (const [index, row] of rows.entries()) {
      const at = `${rule.label}第${index + 1}项`;
      const key = text(row, 'key', at);
      const label = text(row, 'label', at);
      if (!KEY.test(key)) throw badRequest(`${at}的标识不正确`);
      if (seen.has(key)) throw badRequest(`${at}的标识重复`);
      seen.add(key);
      if (length(label) > 20) throw badRequest(`${at}的名称不能超过20个字`);
      // An empty label means the item's default name: no row.
      if (label) kept.push({ name: key, value: label });
    }
    changes.lists.set(rule.code, kept);
  }
  return changes;
}

/** A list field's JSON array (undefined when not given), bounded in length. */
function listOf(
  raw: string | undefined,
  label: string,
): Array<Record<string, unknown>> | undefined {
  if (!raw?.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(`${label}的格式不正确`);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.some((row) => !row || typeof row !== 'object' || Array.isArray(row))
  ) {
    throw badRequest(`${label}的格式不正确`);
  }
  if (parsed.length > SITE_LIST_MAX) throw badRequest(`${label}最多${SITE_LIST_MAX}项`);
  return parsed as Array<Record<string, unknown>>;
}

function text(row: Record<string, unknown>, key: string, at: string): string {
  const value = row[key] ?? '';
  if (typeof value !== 'string') throw badRequest(`${at}的格式不正确`);
  return value.trim();
}
