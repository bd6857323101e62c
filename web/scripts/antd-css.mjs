// Bakes antd's component styles for the site's theme into two stylesheets (antd's documented
// "whole export" for SSR, @ant-design/static-style-extract), so pages link hashed CSS files
// instead of carrying antd's style cache in their HTML, and the browser runs antd with
// `zeroRuntime` (no styles generated at runtime). Run by vite.config.ts before every build and
// dev start, in its own process: antd picks its class-name hash prefix from NODE_ENV when it is
// loaded, so the styles must be baked under the same NODE_ENV as the pages that use them.
//
//   node scripts/antd-css.mjs <out-dir>     (theme JSON in ANTD_THEME)
import fs from 'node:fs';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import * as antd from 'antd';
import { createElement } from 'react';

/**
 * What the public portal renders (the login modal, pagers, the article's attachment
 * table and the parts a table draws, the video page's dropdown) and what antd shows from its App
 * hooks (message, notification, confirm). Everything else is in the staff file.
 */
const PORTAL = [
  'App',
  'Button',
  'Checkbox',
  'Dropdown',
  'Empty',
  'Form',
  'Input',
  'Menu',
  'Modal',
  'Pagination',
  'Radio',
  'Result',
  'Select',
  'Space',
  'Spin',
  'Table',
  'Tooltip',
  'message',
  'notification',
];

const out = process.argv[2];
const theme = JSON.parse(process.env.ANTD_THEME ?? '{}');
const wrap = (node) => createElement(antd.ConfigProvider, { theme }, node);

/**
 * The extraction renders some components inside their own ConfigProvider, whose CSS variables
 * land under a `.css-var-_R_…_` class made from React's useId: no page has those classes (the
 * site's variables are under its fixed key), so they go.
 */
const dropUnusedVarScopes = (css) => css.replace(/\.css-var-_R_[A-Za-z0-9_]*\{[^}]*\}/g, '');

/** All a page read without React shows of antd (lib/static-page.ts): the pager, in antd's App. */
const READ = ['App', 'Pagination', 'Empty'];

const portal = extractStyle({ customTheme: wrap, includes: PORTAL });
const rest = extractStyle({ customTheme: wrap, excludes: PORTAL });
const read = extractStyle({ customTheme: wrap, includes: READ });

fs.mkdirSync(out, { recursive: true });
for (const [name, css] of [
  ['antd-portal.css', dropUnusedVarScopes(portal)],
  ['antd-staff.css', dropUnusedVarScopes(rest)],
  ['antd-read.css', dropUnusedVarScopes(read)],
]) {
  const file = path.join(out, name);
  // Rewritten only when different, so Vite's watcher and the file's hash stay put otherwise.
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== css) fs.writeFileSync(file, css);
}
