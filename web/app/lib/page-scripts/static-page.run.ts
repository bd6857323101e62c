// The inline script of a page sent without React (lib/static-page.ts), bundled and minified on
// its own by the build (vite.config.ts, `virtual:page-scripts`).
import { VISITOR_COOKIE } from '@school/common';
import { ELDER_CLASS, ELDER_KEY } from '../elder-mode';
import { staticPage } from '../static-page';
import { DEFAULT_IMAGE } from '../text';

staticPage(ELDER_KEY, ELDER_CLASS, VISITOR_COOKIE, DEFAULT_IMAGE);
