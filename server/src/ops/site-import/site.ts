import type { Parameter, SiteSettingsInput } from '@school/common/api';
import { fileUrl } from '../../platform/files/service.js';
import { actingAdmin, importItem, type AreaRun, type ImportContext } from './context.js';

/** The old site's one-value parameters and the 站点设置 field each fills. */
const TEXTS = {
  XXMC: 'name',
  XXJC: 'shortName',
  XXYWMC: 'englishName',
  XXDZ: 'address',
  YZBM: 'postcode',
  ICP: 'icp',
  GABA: 'police',
} as const;

/** Its lists (a row each: parameterName the label, parameteValue the value). */
const LISTS = { LXDH: 'phones', XXYX: 'emails', YQLJ: 'links' } as const;

const AREA = '学校信息';

/**
 * The school's name, footer and QR picture (api/sysParameter/getParameter) into 站点设置,
 * saved by the same service as its page, as the site's first system administrator (the
 * setup's account): a site with none yet (before /setup) is reported and left as it is.
 */
export async function importSiteSettings(ctx: ImportContext, areas: AreaRun) {
  if (areas.skip(AREA)) return;
  const { client, db, services } = ctx;
  const read = async () => {
    const rows: Record<string, Parameter[]> = {};
    for (const code of [...Object.keys(TEXTS), ...Object.keys(LISTS), 'EWM']) {
      try {
        const answer = await client.call<Parameter[]>('sysParameter/getParameter', {
          parameteCode: code,
        });
        rows[code] = (Array.isArray(answer) ? answer : []).map((row) => ({
          ...row,
          parameteValue: String(row.parameteValue ?? '').trim(),
        }));
      } catch {
        // A code the old site does not know (XXJC on older sites): nothing to bring.
        rows[code] = [];
      }
    }
    return rows;
  };
  ctx.progress.start(AREA, 1);
  await importItem(ctx, {
    area: AREA,
    kind: 'site',
    oldId: 'parameters',
    address: `${client.origin}/api/sysParameter/getParameter`,
    atomic: false,
    read,
    prepare: async (rows) => {
      const form: SiteSettingsInput = {};
      for (const [code, field] of Object.entries(TEXTS)) {
        const value = rows[code]?.[0]?.parameteValue;
        if (value) form[field] = value;
      }
      for (const [code, field] of Object.entries(LISTS)) {
        const list = (rows[code] ?? [])
          .filter((row) => row.parameteValue)
          .map((row) => ({ label: row.parameterName ?? '', value: row.parameteValue }));
        if (list.length) form[field] = JSON.stringify(list);
      }
      const qr = await ctx.files.fileFor(rows.EWM?.[0]?.pic, 'image', AREA);
      if (qr) form.qr = fileUrl(qr);
      return form;
    },
    create: async (form) => {
      await save(form);
      return 0;
    },
    update: async (form) => save(form),
  });
  ctx.progress.stop();
  await areas.finish(AREA);

  async function save(form: SiteSettingsInput) {
    await services.siteSettings.save(form, await actingAdmin(db), null);
  }
}
