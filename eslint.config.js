import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { PLATFORM_LAYERS, SERVER_LAYERS } from './scripts/layers.mjs';

/** The server's areas: each imports the platform, http, db and common, never another area. */
const SERVER_AREAS = fs
  .readdirSync(new URL('server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/build',
      'web/build-*',
      '**/.react-router',
      'data',
      '**/test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The pages take types from the contract, never its schemas: no TypeBox in the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@school/common/api',
              allowTypeImports: true,
              message:
                'Import types only from the contract; values the pages need live in @school/common (limits.ts, roles.ts).',
            },
          ],
        },
      ],
      // An antd icon names itself in English ("search", "delete"): read out inside a
      // button or link, so each is hidden from screen readers or given a Chinese name.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name=/^aria-(hidden|label)$/]))',
          message: '图标需加 aria-hidden（装饰）或中文 aria-label。',
        },
        {
          selector: "JSXMemberExpression[object.name='Input'][property.name='Search']",
          message: 'Use components/ui/SearchInput: its button is named 搜索, not "search".',
        },
      ],
    },
  },
  ...serverBoundaries(),
  ...webBoundaries(),
);

/**
 * Import boundaries of web/app (imports are relative, so each rule is a
 * pattern over the path climbed to). Layers, from the top: routes/<face>
 * (route modules) and layouts/<face> (a face's chrome), then features/<area>
 * (the pieces of one area's pages), then components/ (shared UI), api/ and
 * lib/. Nothing imports upwards, a face's routes and chrome stay in that
 * face, and an area's features do not reach into another area: a piece two
 * areas need moves down to components/ or lib/.
 */
function webBoundaries() {
  const faces = ['portal', 'staff', 'cms'];
  const areas = fs.readdirSync(new URL('web/app/features', import.meta.url));
  const up = (folders, message) => ({
    regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
    message,
  });
  const noRoutes = up(['routes'], 'Only the route table imports route modules.');
  const noLayouts = up(['layouts'], "A face's chrome is for that face's routes.");
  const noFeatures = up(['features'], 'Shared code does not depend on an area.');
  const noComponents = up(['components'], 'api/ and lib/ do not depend on UI.');
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    ...faces.map((face) => {
      const others = faces.filter((other) => other !== face);
      return {
        files: [`web/app/routes/${face}/**`],
        rules: rule(
          {
            regex: `^(\\.\\./)+(routes/)?(${others.join('|')})(/|$)`,
            message: "A face does not import another face's routes.",
          },
          {
            regex: `^(\\.\\./)+layouts/(${others.join('|')})(/|$)`,
            message: "A face does not use another face's chrome.",
          },
        ),
      };
    }),
    ...faces.map((face) => ({
      files: [`web/app/layouts/${face}/**`],
      rules: rule(
        noRoutes,
        up(
          faces.filter((other) => other !== face),
          "Another face's chrome.",
        ),
      ),
    })),
    ...areas.map((area) => ({
      files: [`web/app/features/${area}/**`],
      rules: rule(noRoutes, noLayouts, {
        regex: `^(\\.\\./)+(features/)?(${areas.filter((other) => other !== area).join('|')})(/|$)`,
        message:
          "An area does not import another area's pieces; move a shared piece to components/ or lib/.",
      }),
    })),
    { files: ['web/app/components/**'], rules: rule(noRoutes, noLayouts, noFeatures) },
    {
      files: ['web/app/api/**', 'web/app/lib/**'],
      rules: rule(noRoutes, noLayouts, noFeatures, noComponents),
    },
  ];
}

/**
 * Import boundaries of server/src: each layer of scripts/layers.mjs imports only the layers
 * below it, and platform/'s folders likewise among themselves; an area does not import
 * another area. Imports are relative, so each rule is a pattern over the path climbed to
 * (`node scripts/layers.mjs --check` resolves them exactly, dynamic imports included).
 * Tests and the test kit exercise the whole app and are left out.
 */
function serverBoundaries() {
  const folders = (dir) =>
    new Set(
      fs
        .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    );
  const serverFolders = folders('server/src');
  const platformFolders = folders('server/src/platform');
  /** The members of the layers above `member`, and of its own layer but itself. */
  const notBelow = (layers, member) => {
    const at = layers.findIndex((members) => members.includes(member));
    return layers
      .slice(0, at + 1)
      .flat()
      .filter((other) => other !== member);
  };
  /** Imports that climb (`./` or `../`s) to one of `names`: a folder, or a file without .ts. */
  const imports = (climb, names, dirs, message) => {
    const targets = names.map((name) => (dirs.has(name) ? `${name}(/|$)` : `${name}\\.js$`));
    return names.length > 0 && { regex: `^${climb}(${targets.join('|')})`, message };
  };
  const UP = '(\\.\\./)+';
  const upward = (member, climb = UP) =>
    imports(
      climb,
      notBelow(SERVER_LAYERS, member),
      serverFolders,
      'Layers point down (scripts/layers.mjs): hand a lower layer a hook, or move the shared piece down.',
    );
  const upwardInPlatform = (part) =>
    imports(
      UP,
      notBelow(PLATFORM_LAYERS, part),
      platformFolders,
      "platform/'s folders point down (scripts/layers.mjs PLATFORM_LAYERS).",
    );
  const otherAreas = (area) =>
    SERVER_AREAS.filter((other) => other !== area).map((other) => ({
      // From the area's own sub-folders too (modules/drive/library/…).
      group: [1, 2, 3, 4].map((depth) => `${'../'.repeat(depth)}${other}/*`),
      message: 'Areas do not import each other: move what both need down into platform/.',
    }));
  const rule = (...patterns) => ({
    'no-restricted-imports': ['error', { patterns: patterns.flat().filter(Boolean) }],
  });
  const configs = SERVER_LAYERS.flat().flatMap((member) => {
    if (!serverFolders.has(member)) {
      return [{ files: [`server/src/${member}.ts`], rules: rule(upward(member, '\\./')) }];
    }
    if (member === 'modules') {
      return [
        { files: ['server/src/modules/*.ts'], rules: rule(upward(member)) },
        ...SERVER_AREAS.map((area) => ({
          files: [`server/src/modules/${area}/**`],
          rules: rule(upward(member), otherAreas(area)),
        })),
      ];
    }
    if (member === 'platform') {
      return PLATFORM_LAYERS.flat().map((part) => ({
        files: [
          platformFolders.has(part)
            ? `server/src/platform/${part}/**`
            : `server/src/platform/${part}.ts`,
        ],
        rules: rule(upward(member), upwardInPlatform(part)),
      }));
    }
    return [{ files: [`server/src/${member}/**`], rules: rule(upward(member)) }];
  });
  const ignores = ['server/src/**/test/**', 'server/src/test-kit/**', 'server/src/**/*.test.ts'];
  return configs.map((config) => ({ ...config, ignores }));
}
