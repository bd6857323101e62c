import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { driveCalls } from '@school/common/api';
import { staffOf } from '../../../http/auth.js';
import { route } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { idsOf } from '../../../http/id-list.js';
import type { DriveEngagement } from '../library/engagement.js';
import { listQueryOf } from '../library/file-rows.js';
import type { DriveListing } from '../library/listing.js';
import type { DriveResources } from '../library/resources.js';
import type { LargeAttachments } from './large-attachments.js';

/**
 * 我的网盘's own lists (api/resources/*): the disk's quota, what one put in
 * the library, one's favourites and downloads. The person comes from the
 * session; the files and folders themselves are the library's calls, with
 * the space the body names (library/routes.ts).
 */
export const diskRoutes: FastifyPluginAsyncTypebox<{
  listing: DriveListing;
  resources: DriveResources;
  engagement: DriveEngagement;
  largeAttachments: LargeAttachments;
}> = async (app, { listing, resources, engagement, largeAttachments }) => {
  route(app, driveCalls.quota, async (request) => {
    const staff = staffOf(request);
    return ok(await resources.usage(staff));
  });

  route(app, driveCalls.saveLargeAttachment, async (request) => {
    const { resourcesPath, resourcesName } = request.body;
    const stored = await largeAttachments.store(staffOf(request), {
      path: resourcesPath,
      name: resourcesName,
    });
    return ok(stored, '已存入我的网盘的超大附件文件夹');
  });

  route(app, driveCalls.myPublic, async (request) => {
    const { fId, pageNum, pageSize } = request.body;
    const staff = staffOf(request);
    const place = { space: { ownerId: null }, fId: fId || undefined, uploaderId: staff.id };
    return ok(await listing.search(staff, place, listQueryOf(request.body), { pageNum, pageSize }));
  });

  for (const [call, kind] of [
    [driveCalls.myFavorites, 'favorites'],
    [driveCalls.myDownloads, 'downloads'],
  ] as const) {
    route(app, call, async (request) => {
      const { pageNum, pageSize } = request.body;
      const staff = staffOf(request);
      const query = listQueryOf(request.body);
      return ok(await engagement.mine(staff, kind, query, { pageNum, pageSize }));
    });
  }

  route(app, driveCalls.delDownloadRecord, async (request) => {
    const staff = staffOf(request);
    await engagement.hideDownloads(staff, idsOf(request.body.resId));
    return ok(null, '删除成功');
  });
};
