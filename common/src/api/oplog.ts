import {
  Maybe,
  Type,
  WordOf,
  type Static,
  endpoint,
  endpoints,
  rawEndpoint,
  ID_MAX,
} from './shared.js';

/**
 * The operation log of an item (api/infoOperLog/*, portal.md §7), the
 * caller's address as the server sees it, and the server's health check.
 */

/** The spec's three, then the content platform's other authored items. */
export const INFO_TABLES = [
  'T_NEWS',
  'T_SUBJECT_NEWS',
  'TF_VIDEO',
  'T_MAGAZINE',
  'T_BANNER',
  'T_SOCIETY',
  'T_WWFZ',
  'T_FMSM',
  'T_NOTICE',
  'T_WORKBENCH',
  'T_PARAMETER',
  'T_DICTIONARY',
  'T_STAFF',
  'T_DEPARTMENT',
  'T_COLUMN',
  'T_SENSITIVE_WORD',
] as const;

/** One row of an item's operation log, newest first (landingtime: when, as shown). */
export const OperLogItem = Type.Object({
  /** Null when the staff member who made the change has since been removed. */
  userId: Maybe(Type.Integer()),
  staffName: Type.String(),
  landingtime: Type.String(),
  ipaccess: Type.String(),
  operType: Type.String(),
});
export type OperLogItem = Static<typeof OperLogItem>;

/** The caller's address, and whether it is the school's own network. */
export const VisitorAddress = Type.Object({ ip: Type.String(), inSchool: Type.Boolean() });
export type VisitorAddress = Static<typeof VisitorAddress>;

export const oplogCalls = endpoints('operLog', {
  list: endpoint(
    '/infoOperLog/infoOperLogList',
    'contentAdmin',
    '操作日志（仅 isPower 为 1 的管理员）',
    Type.Object({
      objId: Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: '请选择要查看的内容' }),
      infoTable: WordOf(
        INFO_TABLES,
        'infoTable 须为 T_NEWS、T_SUBJECT_NEWS、TF_VIDEO 或内容管理平台的表名',
      ),
      userId: Type.Optional(Type.Integer({ errorMessage: '用户编号不正确' })),
    }),
    Type.Array(OperLogItem),
  ),
  determineIp: endpoint(
    '/infoOperLog/determineIp',
    'public',
    '访问者的 IP 地址，及是否来自校园网（内网地址）',
    undefined,
    VisitorAddress,
  ),
});

/** `GET api/health`: status 0 and database 'up' while the database answers (503 otherwise). */
export const healthCalls = endpoints('health', {
  health: rawEndpoint(
    '/health',
    'public',
    '健康检查：数据库可用时 status 为 0',
    { method: 'GET' },
    Type.Object({ database: Type.String() }),
  ),
});
