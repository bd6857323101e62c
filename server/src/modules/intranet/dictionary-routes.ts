import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import { DICTIONARY_CODES, type DictionaryCode, type SiteDictionaries } from './dictionaries.js';
import {
  ENABLED_FIELD,
  SORT_FIELD,
  blankFields,
  idField,
  itemList,
  rowRoutes,
} from '../../platform/catalogue/route-kit.js';

const DIC_ID = idField('请选择字典项');
const DIC_CODE = {
  type: 'string',
  enum: DICTIONARY_CODES,
  errorMessage: 'dicCode 须为 RESOURCES_TYPE（资源类型）或 RESOURCES_FILE_TYPE（文件格式）',
} as const;

interface SaveBody {
  dicId?: number;
  dicCode: DictionaryCode;
  dicName: string;
  dicValue: string;
  enabled?: number;
  sort?: number;
}

/**
 * api/cms/dictionary/*: the drive's dictionaries (staffType 5), and
 * api/dictionary/list, the enabled values every logged-in staff member reads.
 */
export const siteDictionaryRoutes: FastifyPluginAsync<{ dictionaries: SiteDictionaries }> = async (
  app,
  { dictionaries },
) => {
  app.post<{ Body: { dicCode: DictionaryCode } }>(
    '/dictionary/list',
    {
      schema: {
        summary: '数据字典：一个字典的可用值（教学网盘的资源类型、文件格式筛选）',
        tags: ['dictionary'],
        body: { type: 'object', required: ['dicCode'], properties: { dicCode: DIC_CODE } },
        response: {
          200: envelopeSchema({
            type: 'array',
            items: {
              type: 'object',
              properties: { dicName: { type: 'string' }, dicValue: { type: 'string' } },
            },
          }),
        },
      },
    },
    async (request) => ok(await dictionaries.values(request.body.dicCode)),
  );

  app.post<{ Body: { dicCode: DictionaryCode } }>(
    '/cms/dictionary/list',
    {
      schema: {
        summary: '内容管理：一个字典的全部值（含已停用），按顺序',
        tags: ['cms'],
        body: { type: 'object', required: ['dicCode'], properties: { dicCode: DIC_CODE } },
        response: { 200: envelopeSchema(itemList) },
      },
    },
    async (request) => ok(await dictionaries.list(request.body.dicCode, staffOf(request))),
  );

  app.post<{ Body: SaveBody }>(
    '/cms/dictionary/save',
    {
      preValidation: blankFields(['dicId', 'enabled', 'sort']),
      schema: {
        summary: '内容管理：保存字典项（无 dicId 为新增，排在最后）；同一字典内字典值不能重复',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['dicCode', 'dicName', 'dicValue'],
          properties: {
            dicId: DIC_ID,
            dicCode: DIC_CODE,
            dicName: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              errorMessage: '请输入字典名称，不超过100个字',
            },
            dicValue: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: '请输入字典值，不超过64个字',
            },
            enabled: ENABLED_FIELD,
            sort: SORT_FIELD,
          },
        },
        response: {
          200: envelopeSchema({ type: 'object', properties: { dicId: { type: 'integer' } } }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const dicId = await dictionaries.save(
        {
          id: body.dicId,
          code: body.dicCode,
          name: body.dicName,
          value: body.dicValue,
          enabled: body.enabled,
          sort: body.sort,
        },
        staffOf(request),
        request.ip,
      );
      return ok({ dicId }, '保存成功');
    },
  );

  rowRoutes(
    app,
    '/cms/dictionary',
    { idName: 'dicId', id: DIC_ID },
    {
      enable: {
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）一个字典项',
        run: (id, enabled, staff, ip) => dictionaries.setEnabled(id, enabled, staff, ip),
      },
      move: {
        summary: '内容管理：字典项上移或下移一位；答复该字典的新顺序',
        run: (id, direction, staff, ip) => dictionaries.move(id, direction, staff, ip),
      },
      delete: {
        summary: '内容管理：删除一个字典项',
        run: (id, staff, ip) => dictionaries.remove(id, staff, ip),
      },
    },
  );
};
