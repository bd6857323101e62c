// Added to the inline script of a page without React whose route says `widgets` (the home
// page): its carousel and tabs (lib/page-widgets.ts). Bundled like static-page.run.ts.
import { carousel, tabs } from '../page-widgets';

document.querySelectorAll<HTMLElement>('[data-carousel]').forEach((root) => carousel(root));
document.querySelectorAll<HTMLElement>('[data-tabs]').forEach((list) => tabs(list));
