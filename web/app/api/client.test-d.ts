/**
 * Type-level checks of the typed client, compiled by the web's type check
 * (`npm run typecheck -w web`) and never run: each `@ts-expect-error` line
 * must fail to compile, so a wrong path, a wrong or missing field, or a
 * wrong use of an answer stops the build. The other lines show what passes.
 */
import type { ApiBody, ApiData, ApiPath } from '@school/common/api';
import { call } from './client';
import { load } from './load';
import { read, type ListAct } from './page-data';
import type { Transport } from './client';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

export async function typedClientChecks(transport: Transport, act: ListAct) {
  // The answer's type comes from the contract, not from the caller.
  const sent = await call('email/sendEmail', { inmailTitle: '通知', idRoleReceiveArr: '3,5' });
  same<typeof sent, { inmailId: number }>(true);
  void sent;
  const unread = await call('email/getUnreadNum');
  same<typeof unread, number>(true);

  // Form-encoded values: numbers may be sent as text, defaulted fields left out.
  await call('resources/getComments', { resourcesId: '12' });

  // @ts-expect-error a path the contract does not have
  await call('email/sendMail', { inmailTitle: '通知', idRoleReceiveArr: '3' });
  // @ts-expect-error a field the call does not take
  await call('email/getUnreadNum', { unread: 1 });
  // @ts-expect-error a misspelt field
  await call('resources/delComment', { resID: 3 });
  // @ts-expect-error a required field left out
  await call('email/sendEmail', { inmailTitle: '通知' });
  // @ts-expect-error a value of the wrong kind
  await call('leave/approve', { leaveId: { id: 3 } });
  // @ts-expect-error no caller-chosen answer type: the path decides it
  await call<{ anything: true }>('email/getUnreadNum');

  // @ts-expect-error the answer is the contract's: a count has no list
  void unread.list;

  // Loaders are typed the same way.
  const page = await load(transport, 'news/getNewsList', { typeId: 1, pageNum: 1 });
  if (page.ok) same<(typeof page.data.list)[number]['newsTitle'], string>(true);
  // @ts-expect-error a loader's path is checked too
  await load(transport, 'news/getNewList', { typeId: 1 });
  // @ts-expect-error a fallback of another shape than the answer
  await read('cms/workbench/list', { menuType: 1 }, { total: 0 });

  // @ts-expect-error a list action's body is checked against its path
  await act('cms/notice/delete', { noticeId: 3 }, '已删除');

  same<ApiBody<'cms/notice/delete'>, { rollingnewsId: string | number }>(true);
  same<ApiData<'cms/notice/delete'>, null>(true);
  const paths: ApiPath[] = ['cms/banner/move', 'resources/getFolderTree'];
  return paths;
}
