import { newsFileGuard } from './file-guard.js';
import { defineArea } from '../area.js';
import { newsFileUses } from './file-uses.js';
import { cmsNewsRoutes } from './admin-routes.js';
import { CmsNewsService } from './admin-service.js';
import { cmsColumnRoutes } from './column-routes.js';
import { CmsColumnService } from './column-service.js';
import { newsHandoffTargets } from './handoff-targets.js';
import { NewsReaderService } from './reader-service.js';
import { newsRoutes } from './routes.js';
import { NewsService } from './service.js';
import { cmsSubjectRoutes } from './subject-admin-routes.js';
import { CmsSubjectService } from './subject-admin-service.js';

/** News of every column, special topics with their sub-news, and the columns themselves. */
export const newsArea = defineArea({
  name: 'news',
  services: ({ db, search, engagement, clock, files, sensitiveWords }) => {
    const news = new NewsService(db, search, clock);
    return {
      news,
      newsReader: new NewsReaderService(db, news, engagement, search, clock),
      cmsNews: new CmsNewsService(db, search, clock, files, sensitiveWords),
      cmsSubject: new CmsSubjectService(db, news, clock, files),
      cmsColumn: new CmsColumnService(db, clock),
    };
  },
  routes: async (api, services) => {
    await api.register(newsRoutes, { news: services.news, reader: services.newsReader });
    await api.register(cmsNewsRoutes, { cmsNews: services.cmsNews });
    await api.register(cmsSubjectRoutes, { cmsSubject: services.cmsSubject });
    await api.register(cmsColumnRoutes, { cmsColumn: services.cmsColumn });
  },
  handoffTargets: ({ db }) => newsHandoffTargets(db),
  fileGuards: ({ clock }) => [newsFileGuard(clock)],
  fileUses: [newsFileUses],
});
