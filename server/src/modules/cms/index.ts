import { defineArea } from '../area.js';
import { pictureReviewHandoff, pictureReviewTodo } from './picture-review.js';
import { virusFindingsHandoff } from './virus-findings-handoff.js';
import { cmsOverviewRoutes } from './routes.js';
import { CmsOverviewService } from './service.js';

/**
 * The content platform's own home: what waits for the person (api/cms/overview),
 * and the picture review of the staff home's to-do block (its count, hand-off 22); the
 * block's 病毒检测 opens the record of viruses found (hand-off 23, system administrators).
 */
export const cmsArea = defineArea({
  name: 'cms',
  services: ({ db, clock, todo }) => {
    todo.add(pictureReviewTodo(db));
    return { cmsOverview: new CmsOverviewService(db, clock) };
  },
  routes: async (api, services) => {
    await api.register(cmsOverviewRoutes, { cmsOverview: services.cmsOverview });
  },
  handoffTargets: () => [
    [22, pictureReviewHandoff],
    [23, virusFindingsHandoff],
  ],
});
