import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { driveFacetCalls } from '@school/common/api';
import { staffOf } from '../../../http/auth.js';
import { route } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import type { DriveFacetCounts } from './facet-counts.js';
import { facetQueryOf } from './facet-filter.js';
import type { DriveFacets } from './facets.js';
import { listQueryOf } from './file-rows.js';

/** The library's teaching facets (api/resources/*Facet*): the dictionary, counts, chapters. */
export const driveFacetRoutes: FastifyPluginAsyncTypebox<{
  facets: DriveFacets;
  counts: DriveFacetCounts;
}> = async (app, { facets, counts }) => {
  route(app, driveFacetCalls.facets, async (request) => ok(await facets.list(staffOf(request))));

  route(app, driveFacetCalls.facetCounts, async (request) => {
    const staff = staffOf(request);
    const query = listQueryOf(request.body);
    return ok(await counts.counts(staff, query, request.body.fId || undefined));
  });

  route(app, driveFacetCalls.chapters, async (request) => {
    const facetsAsked = facetQueryOf(request.body) ?? {};
    return ok(await counts.chapters(staffOf(request), facetsAsked, request.body.keyword));
  });

  route(app, driveFacetCalls.addFacet, async (request) => {
    const actor = { staff: staffOf(request), ip: request.ip };
    return ok({ id: await facets.add(actor, request.body) }, '新增成功');
  });

  route(app, driveFacetCalls.editFacet, async (request) => {
    const { id, ...input } = request.body;
    await facets.edit({ staff: staffOf(request), ip: request.ip }, id, input);
    return ok(null, '修改成功');
  });

  route(app, driveFacetCalls.moveFacet, async (request) => {
    const { id, direction } = request.body;
    await facets.move({ staff: staffOf(request), ip: request.ip }, id, direction);
    return ok(null, '移动成功');
  });

  route(app, driveFacetCalls.delFacet, async (request) => {
    await facets.remove({ staff: staffOf(request), ip: request.ip }, request.body.id);
    return ok(null, '删除成功');
  });
};
