import type { FastifyPluginAsync } from 'fastify';
import { staffOf } from '../../http/auth.js';
import { envelopeSchema, ok } from '../../http/envelope.js';
import {
  ENABLED_FIELD,
  SORT_FIELD,
  blankFields,
  idField,
  itemList,
  rowRoutes,
} from '../../platform/catalogue/route-kit.js';
import type { MenuType, SiteWorkbench } from './workbench.js';

const WORKBENCH_ID = idField('请选择入口');
const MENU_TYPE = {
  type: 'integer',
  enum: [1, 2],
  errorMessage: 'menuType 须为 1（工作台）或 2（应用中心）',
} as const;

interface SaveBody {
  workbenchId?: number;
  menuType: MenuType;
  workbenchName: string;
  workbenchPath: string;
  passthroughstatus?: number;
  visitType?: number | null;
  iconFileId?: number | null;
  enabled?: number;
  sort?: number;
}

/** api/cms/workbench/*: the staff home's workbench and application centre (staffType 5). */
export const siteWorkbenchRoutes: FastifyPluginAsync<{ workbench: SiteWorkbench }> = async (
  app,
  { workbench },
) => {
  app.post<{ Body: { menuType: MenuType } }>(
    '/cms/workbench/list',
    {
      schema: {
        summary: '内容管理：工作台（menuType 1）或应用中心（2）的全部入口，按显示顺序',
        tags: ['cms'],
        body: { type: 'object', required: ['menuType'], properties: { menuType: MENU_TYPE } },
        response: { 200: envelopeSchema(itemList) },
      },
    },
    async (request) => ok(await workbench.list(request.body.menuType, staffOf(request))),
  );

  app.post<{ Body: SaveBody }>(
    '/cms/workbench/save',
    {
      preValidation: blankFields(
        ['workbenchId', 'passthroughstatus', 'enabled', 'sort'],
        ['visitType'],
      ),
      schema: {
        summary:
          '内容管理：保存入口（无 workbenchId 为新增，排在最后）；iconFileId 为上传的图标，0 清除',
        tags: ['cms'],
        body: {
          type: 'object',
          required: ['menuType', 'workbenchName', 'workbenchPath'],
          properties: {
            workbenchId: WORKBENCH_ID,
            menuType: MENU_TYPE,
            workbenchName: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: '请输入名称，不超过64个字',
            },
            workbenchPath: {
              type: 'string',
              minLength: 1,
              maxLength: 500,
              errorMessage: '请输入链接地址，不超过500个字',
            },
            passthroughstatus: {
              type: 'integer',
              enum: [0, 1],
              errorMessage: 'passthroughstatus 须为 1（单点登录跳转）或 0（直接打开）',
            },
            visitType: {
              type: ['integer', 'null'],
              minimum: 0,
              maximum: 9999,
              errorMessage: 'visitType 须为0到9999的整数',
            },
            iconFileId: {
              type: ['integer', 'null'],
              minimum: 0,
              errorMessage: '图标不正确，请重新上传',
            },
            enabled: ENABLED_FIELD,
            sort: SORT_FIELD,
          },
        },
        response: {
          200: envelopeSchema({ type: 'object', properties: { workbenchId: { type: 'integer' } } }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const workbenchId = await workbench.save(
        {
          id: body.workbenchId,
          menuType: body.menuType,
          name: body.workbenchName,
          path: body.workbenchPath,
          passthrough: body.passthroughstatus,
          visitType: body.visitType,
          iconFileId: body.iconFileId === undefined ? undefined : body.iconFileId || null,
          enabled: body.enabled,
          sort: body.sort,
        },
        staffOf(request),
        request.ip,
      );
      return ok({ workbenchId }, '保存成功');
    },
  );

  rowRoutes(
    app,
    '/cms/workbench',
    { idName: 'workbenchId', id: WORKBENCH_ID },
    {
      enable: {
        summary: '内容管理：启用（enabled 1）或停用（enabled 0）一个入口',
        run: (id, enabled, staff, ip) => workbench.setEnabled(id, enabled, staff, ip),
      },
      move: {
        summary: '内容管理：入口上移或下移一位；答复该列表的新顺序',
        run: (id, direction, staff, ip) => workbench.move(id, direction, staff, ip),
      },
      delete: {
        summary: '内容管理：删除一个入口',
        run: (id, staff, ip) => workbench.remove(id, staff, ip),
      },
    },
  );
};
