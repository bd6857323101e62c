import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { driveTrashCalls } from '@school/common/api';
import { staffOf } from '../../../http/auth.js';
import { route } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import type { DriveResources } from '../library/resources.js';
import type { DriveTrash } from './trash.js';

/** 回收站 and file versions (issue 19): api/resources/getRecycleList ... restoreVersion. */
export const driveTrashRoutes: FastifyPluginAsyncTypebox<{
  trash: DriveTrash;
  resources: DriveResources;
}> = async (app, { trash, resources }) => {
  route(app, driveTrashCalls.recycleList, async (request) => {
    const { scope, KeywordName, pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    return ok(
      await trash.list(
        staff,
        { scope: scope ?? 'mine', keyword: KeywordName },
        { pageNum, pageSize },
      ),
    );
  });

  route(app, driveTrashCalls.restoreResource, async (request) => {
    const staff = staffOf(request);
    const placed = await trash.restore(staff, request.body.resId);
    return ok(placed, placed.toTop ? '原文件夹已不在，已还原到网盘最上层' : '还原成功');
  });

  route(app, driveTrashCalls.purgeResource, async (request) => {
    const staff = staffOf(request);
    await trash.purge(staff, request.body.resId);
    return ok(null, '已彻底删除');
  });

  route(app, driveTrashCalls.checkNames, async (request) => {
    const body = request.body;
    const staff = staffOf(request);
    let names: unknown;
    try {
      names = JSON.parse(body.names);
    } catch {
      names = null;
    }
    return ok(
      await resources.clashingNames(
        staff,
        { fId: body.fId || undefined, sType: body.sType },
        names,
      ),
    );
  });

  route(app, driveTrashCalls.versions, async (request) => {
    return ok(await resources.versions.list(staffOf(request), request.body.resId));
  });

  route(app, driveTrashCalls.restoreVersion, async (request) => {
    return ok(
      await resources.versions.restore(staffOf(request), request.body.versionId),
      '已还原该版本',
    );
  });
};
