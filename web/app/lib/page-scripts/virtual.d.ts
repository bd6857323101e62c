/** The page scripts, bundled and minified by the build (vite.config.ts). */
declare module 'virtual:page-scripts' {
  /** lib/page-scripts/static-page.run.ts */
  export const STATIC_PAGE_SCRIPT: string;
  /** lib/page-scripts/widgets.run.ts */
  export const WIDGETS_SCRIPT: string;
}
