// The other calls in `npm run bench` (at the largest volume): the intranet's, the mailbox's,
// the drive's and the content platform's, as the teacher and the administrator use them.
import { get, load, post } from './bench-load.mjs';
import { callApi, ms, row } from './bench-util.mjs';
import { log } from './lib.mjs';

const enc = encodeURIComponent;

async function calls({ base, teacher, admin }) {
  const api = (name, body, headers) => post(`${base}/api/${name}`, body, headers);
  const asTeacher = (name, body) => api(name, body, teacher);
  const asAdmin = (name, body) => api(name, body, admin);
  const first = await callApi(base, 'news/getNewsList', 'typeId=2&pageSize=1');
  const { newId, imgUrl } = first.list[0];
  const inbox = await callApi(base, 'email/getReceiveList', 'pageSize=1', teacher);
  const newest = inbox.list[0];
  const tree = await callApi(base, 'resources/getFolderTree', 'sType=0', teacher);
  const leaf = tree[0].childList[0].childList[0].fid;
  return [
    ...(imgUrl ? [['GET a cover picture (api/files)', get(`${base}${imgUrl}`)]] : []),
    ['GET /api/health', get(`${base}/api/health`)],
    [
      'sysParameter/getParameterList',
      api('sysParameter/getParameterList', 'parameteCodes=XXMC,XXJJ,LXDH,XXYX,ICP,GABA,EWM'),
    ],
    ['dept/getDeptList (logged in)', asTeacher('dept/getDeptList', '')],
    [
      'news/getTeachHomeNews (six lists)',
      asTeacher(
        'news/getTeachHomeNews',
        'typeId1=17&pageSize1=17&typeId2=2&pageSize2=5&typeId3=16&pageSize3=5&typeId4=19&pageSize4=6&typeId5=20&pageSize5=6&typeId6=22&pageSize6=4&enableType=2',
      ),
    ],
    ['todo/getTodoNum', asTeacher('todo/getTodoNum', '')],
    ['workbench/getWorkbenchList', asTeacher('workbench/getWorkbenchList', 'menuType=1')],
    ['addressBook/getList phone 139', asTeacher('addressBook/getList', 'teaPhone=139')],
    [
      'news/getNewsList department 17 page 1',
      asTeacher('news/getNewsList', 'typeId=17&deptId=1&enableType=2&pageSize=12'),
    ],
    ['email/getUnreadNum', asTeacher('email/getUnreadNum', '')],
    ['email/getReceiveList unread', asTeacher('email/getReceiveList', 'pageSize=10&inmainState=1')],
    ['email/getSendList page 1', asTeacher('email/getSendList', 'pageSize=10')],
    [
      'email/getEmailDetail',
      asTeacher(
        'email/getEmailDetail',
        `inmailId=${newest.inmailId}&receiveId=${newest.receiveId}`,
      ),
    ],
    ['email/getContacts', asTeacher('email/getContacts', '')],
    ['resources/getResourcesNum', asTeacher('resources/getResourcesNum', '')],
    ['resources/getFolderTree (counts)', asTeacher('resources/getFolderTree', 'sType=0')],
    [
      'resources/getFolderFiles page 100 by size',
      asTeacher('resources/getFolderFiles', `fId=${leaf}&pageSize=10&pageNum=100&resourcesSize=1`),
    ],
    ['resources/getNewUpload (home, 6)', asTeacher('resources/getNewUpload', 'pageSize=6')],
    ['resources/getHotDown (home, 6)', asTeacher('resources/getHotDown', 'pageSize=6')],
    ['cms/news/list (admin, all)', asAdmin('cms/news/list', '')],
    [
      'cms/news/list column 2, approved, page 50',
      asAdmin('cms/news/list', 'typeId=2&reviewState=approved&pageNum=50'),
    ],
    ['cms/news/list keyword 运动会', asAdmin('cms/news/list', `keyword=${enc('运动会')}`)],
    ['cms/news/get', asAdmin('cms/news/get', `newId=${newId}`)],
    ['cms/video/list (admin)', asAdmin('cms/video/list', '')],
    ['cms/staff/list (admin)', asAdmin('cms/staff/list', '')],
    ['cms/department/tree (admin)', asAdmin('cms/department/tree', '')],
  ];
}

/** Measures each call whose title `want` accepts. */
export async function benchCalls({ server, tool, connections, seconds, scratch, want }) {
  log(`Other calls: ${tool}, ${connections} connections, ${seconds} s each`);
  for (const [title, req] of await calls(server)) {
    if (!want(title)) continue;
    const r = await load(tool, [req], { connections, seconds, scratch, pid: server.pid });
    row(
      title,
      `${String(Math.round(r.rps)).padStart(6)} req/s`,
      `p50 ${ms(r.p50)}`,
      `p99 ${ms(r.p99)}`,
      r.failed ? `(${r.failed} failed)` : '',
    );
  }
}
