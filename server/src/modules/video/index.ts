import { videoFileGuard } from './file-guard.js';
import { defineArea } from '../area.js';
import { videoFileUses } from './file-uses.js';
import { cmsVideoRoutes } from './admin-routes.js';
import { CmsVideoService } from './admin-service.js';
import { videoHandoffTargets } from './handoff-targets.js';
import { VideoReaderService } from './reader-service.js';
import { videoRoutes } from './routes.js';
import { VideoService } from './service.js';

/** The video centre: categories, videos with their files, and their authoring. */
export const videoArea = defineArea({
  name: 'video',
  services: ({ db, search, engagement, clock, files, sensitiveWords }) => {
    const video = new VideoService(db, search, clock);
    return {
      video,
      videoReader: new VideoReaderService(db, video, engagement, clock),
      cmsVideo: new CmsVideoService(db, search, clock, files, sensitiveWords),
    };
  },
  routes: async (api, services) => {
    await api.register(videoRoutes, { video: services.video, reader: services.videoReader });
    await api.register(cmsVideoRoutes, { cmsVideo: services.cmsVideo });
  },
  handoffTargets: ({ db }) => videoHandoffTargets(db),
  fileGuards: () => [videoFileGuard()],
  fileUses: [videoFileUses],
});
