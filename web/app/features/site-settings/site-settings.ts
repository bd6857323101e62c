import type { KeyedLabel, LabelledValue, SitePictureKind, SiteSettings } from '@school/common/api';

/**
 * 站点设置 as the page edits it: the answer of the site-settings call becomes the form's values,
 * and the values become the form-encoded strings the save call takes (an empty string keeps a
 * field; lists are JSON; a picture cleared is sent as remove… = 1).
 */

export type { SiteSettings };

export const PICTURES = [
  'logo',
  'favicon',
  'banner',
  'qr',
] as const satisfies readonly SitePictureKind[];
export type PictureKind = SitePictureKind;

const TEXTS = [
  'name',
  'shortName',
  'englishName',
  'themeColor',
  'address',
  'postcode',
  'icp',
  'police',
] as const;

/** The texts a school may leave empty: emptied, the save names them in `clear`. */
const CLEARABLE: readonly string[] = ['englishName', 'address', 'postcode', 'icp', 'police'];

/** The form's values: texts, pictures by address ('' for none), lists, and labels by key. */
export type SettingsForm = Pick<SiteSettings, (typeof TEXTS)[number] | PictureKind> & {
  phones: LabelledValue[];
  emails: LabelledValue[];
  links: LabelledValue[];
  menu: Record<string, string>;
  tiles: Record<string, string>;
};

const byKey = (rows: KeyedLabel[]) => Object.fromEntries(rows.map((r) => [r.key, r.label]));

export function formOf(settings: SiteSettings): SettingsForm {
  return {
    name: settings.name,
    shortName: settings.shortName,
    englishName: settings.englishName,
    themeColor: settings.themeColor,
    address: settings.address,
    postcode: settings.postcode,
    icp: settings.icp,
    police: settings.police,
    logo: settings.logo,
    favicon: settings.favicon,
    banner: settings.banner,
    qr: settings.qr,
    phones: settings.phones,
    emails: settings.emails,
    links: settings.links,
    menu: byKey(settings.menu),
    tiles: byKey(settings.tiles),
  };
}

const trimmed = (rows: LabelledValue[] | undefined) =>
  (rows ?? [])
    .map((r) => ({ label: (r?.label ?? '').trim(), value: (r?.value ?? '').trim() }))
    .filter((r) => r.label || r.value);

const labelRows = (labels: Record<string, string> | undefined, keys: string[]) =>
  keys.map((key) => ({ key, label: (labels?.[key] ?? '').trim() })).filter((r) => r.label);

const REMOVE: Record<PictureKind, string> = {
  logo: 'removeLogo',
  favicon: 'removeFavicon',
  banner: 'removeBanner',
  qr: 'removeQr',
};

/**
 * The save call's form fields. An empty text is "not given" and keeps what is stored; lists and
 * menu labels are sent whole (an emptied list clears it); a new picture is sent by its address,
 * a removed one as remove… = 1, an unchanged one not at all.
 */
export function payloadOf(
  values: SettingsForm,
  loaded: SiteSettings,
  keys: { menu: string[]; tiles: string[] },
): Record<string, string> {
  const payload: Record<string, string> = {};
  const cleared: string[] = [];
  for (const field of TEXTS) {
    payload[field] = (values[field] ?? '').trim();
    // An empty box keeps the value (the spec's clients send empty fields); emptied on
    // purpose, it is named in `clear`.
    if (!payload[field] && loaded[field] && CLEARABLE.includes(field)) cleared.push(field);
  }
  if (cleared.length) payload.clear = cleared.join(',');
  for (const kind of PICTURES) {
    const now = values[kind] ?? '';
    if (now && now !== loaded[kind]) payload[kind] = now;
    if (!now && loaded[kind]) payload[REMOVE[kind]] = '1';
  }
  payload.phones = JSON.stringify(trimmed(values.phones));
  payload.emails = JSON.stringify(trimmed(values.emails));
  payload.links = JSON.stringify(trimmed(values.links));
  payload.menu = JSON.stringify(labelRows(values.menu, keys.menu));
  payload.tiles = JSON.stringify(labelRows(values.tiles, keys.tiles));
  return payload;
}

/** '#RGB' or '#rrggbb' as typed into the colour's text box, or null. */
export function normalColor(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}
