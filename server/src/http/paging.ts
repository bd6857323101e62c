export { offsetOf, type Paging } from '../db/paging.js';

/** pageNum / pageSize as the spec's list calls send them, with a per-list default size. */
export function pageFields(defaultSize: number, maxSize = 50) {
  return {
    pageNum: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      default: 1,
      errorMessage: '页码不正确',
    },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: maxSize,
      default: defaultSize,
      errorMessage: `每页条数须为1到${maxSize}`,
    },
  } as const;
}

/** `{ total, list }`, the answer of every paged call. */
export function pageSchema(item: object) {
  return {
    type: 'object',
    required: ['total', 'list'],
    properties: { total: { type: 'integer' }, list: { type: 'array', items: item } },
  } as const;
}
