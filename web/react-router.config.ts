import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // WEB_BUILD_OUT: build somewhere else, e.g. to try a change beside a running build.
  buildDirectory: process.env.WEB_BUILD_OUT ?? 'build',
  ssr: true,
} satisfies Config;
