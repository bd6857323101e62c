import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The one place that maps the specs' paths to page modules. */
export default [
  layout('routes/portal/layout.tsx', [
    index('routes/portal/home.tsx', { id: 'landing' }),
    route('index', 'routes/portal/home.tsx'),
  ]),
  layout('routes/staff/layout.tsx', [route('teachPage', 'routes/staff/teach-page.tsx')]),
  route('error', 'routes/error-page.tsx'),
  route('fourError', 'routes/error-page.tsx', { id: 'four-error' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
