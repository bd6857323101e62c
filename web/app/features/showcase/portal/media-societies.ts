import type { ApiData } from '@school/common/api';
/** A student society (api/news/getSocietyList). */
export type Society = ApiData<'news/getSocietyList'>[number];

/** The six tabs of the societies view (media channel 9), by category code. */
export const SOCIETY_CATEGORIES = [
  { type: 1, label: '海外文化' },
  { type: 2, label: '理工科技' },
  { type: 3, label: '人文社科' },
  { type: 4, label: '社会文化' },
  { type: 5, label: '体育运动' },
  { type: 6, label: '文化艺术' },
] as const;

/** The societies of one category, in the order the API gave them. */
export function societiesOf(societies: Society[], type: number): Society[] {
  return societies.filter((society) => society.associationType === type);
}
