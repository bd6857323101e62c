import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The one place that maps the specs' paths to page modules. */
export default [
  layout('routes/portal/layout.tsx', [
    index('routes/portal/home.tsx', { id: 'landing' }),
    route('index', 'routes/portal/home.tsx'),
    route('news', 'routes/portal/news.tsx'),
    route('newsDetail', 'routes/portal/news-detail.tsx'),
    route('newsSpecial', 'routes/portal/news-special.tsx'),
    route('newspecialDetail', 'routes/portal/newspecial-detail.tsx'),
    route('newspecialZxwDetail', 'routes/portal/newspecial-detail.tsx', { id: 'newspecial-zxw' }),
    route('media', 'routes/portal/media.tsx'),
    route('mediaDetail', 'routes/portal/media-detail.tsx'),
    route('campus', 'routes/portal/campus.tsx'),
    route('campusDetail', 'routes/portal/campus-detail.tsx'),
    route('picture', 'routes/portal/picture.tsx'),
    route('sylyPicture', 'routes/portal/syly-picture.tsx'),
    route('picdetail', 'routes/portal/pic-detail.tsx'),
    route('video', 'routes/portal/video.tsx'),
    route('videoDetail', 'routes/portal/video-detail.tsx'),
    route('meetfuyi', 'routes/portal/meetfuyi.tsx'),
    route('schoolWenji', 'routes/portal/school-wenji.tsx'),
    route('schWenjiDetail', 'routes/portal/sch-wenji-detail.tsx'),
    route('outnetSech', 'routes/portal/outnet-sech.tsx'),
  ]),
  layout('routes/staff/layout.tsx', [route('teachPage', 'routes/staff/teach-page.tsx')]),
  route('cms/enter', 'routes/cms/enter.tsx'),
  layout('routes/cms/layout.tsx', [
    route('cms', 'routes/cms/index.tsx'),
    route('cms/news', 'routes/cms/news-list.tsx'),
  ]),
  route('error', 'routes/error-page.tsx'),
  route('fourError', 'routes/error-page.tsx', { id: 'four-error' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
