import { Flag, Type, type Static, type TSchema } from './shared.js';

/** Field schemas several areas' calls share, written once. */

/**
 * A field that also takes null (`type: [T, 'null']`: the stored value
 * cleared; a form's '' made null means "clear"), with the field's own
 * constraints and message on the whole.
 */
export const OrNull = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/**
 * The order of a row the platform arranges (notices, dictionary items,
 * workbench entries, banners, societies, introduction pages, people): smaller
 * first. Negative numbers put a row before those left at 0.
 */
export const SortNumber = Type.Integer({
  minimum: -100000,
  maximum: 100000,
  errorMessage: '排序号须为-100000到100000的整数',
});

/** Whether a settings row is in use: 1 on, 0 off. */
export const EnabledFlag = Flag('enabled 须为 1（启用）或 0（停用）');
