import {
  Maybe,
  Type,
  WordOf,
  type Static,
  endpoint,
  endpoints,
  rawEndpoint,
  ID_MAX,
  CallerId,
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
  'T_ALLOWED_PHRASE',
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
      userId: Type.Optional(CallerId()),
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

/** One dependency as /api/ready found it. */
const UpOrDown = Type.Union([Type.Literal('up'), Type.Literal('down')]);

/**
 * `GET api/health`: the process answers (liveness): status 0 whenever it does, with the
 * database as it found it ('up' or 'down'; a database outage is /api/ready's 503, not a reason
 * to restart the process). `GET api/ready`: status 0 while the database, the file storage (a
 * probe written, read back and removed) and the job queue answer; 503 naming what is down.
 */
export const healthCalls = endpoints('health', {
  health: rawEndpoint(
    '/health',
    'public',
    '存活检查：进程能应答即 status 为 0（database 为数据库当前状态 up 或 down）',
    { method: 'GET' },
    Type.Object({ database: Type.String() }),
  ),
  ready: rawEndpoint(
    '/ready',
    'public',
    '就绪检查：数据库、文件存储、任务队列均可用时 status 为 0，否则 503 并说明哪项不可用',
    { method: 'GET' },
    Type.Object({ database: UpOrDown, storage: UpOrDown, jobs: UpOrDown }),
  ),
});
