import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRoutePart } from '../../screen-route-plugin.ts';
import { path } from './route-codec.ts';
import { addressOf, discoverScreens, navEntries, ROUTE_NAMES } from './routes.ts';

const SCREENS = join(import.meta.dirname, '..', 'screens');
const screenFiles = () =>
  readdirSync(SCREENS, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('-screen.tsx'))
    .map((file) => `../screens/${file.split('\\').join('/')}`)
    .sort();

describe('the route table finds the screens', () => {
  it('takes a screen file by its `screen` export, and leaves a module without one', () => {
    const found = discoverScreens({
      '../screens/reports/reports-screen.tsx': {
        name: 'reports',
        codec: path('/reports'),
        access: 'signed-in',
      },
      '../screens/reports/helper-screen.tsx': undefined,
    });
    expect([...found.keys()]).toEqual(['reports']);
    expect(found.get('reports')).toMatchObject({
      file: '../screens/reports/reports-screen.tsx',
      access: 'signed-in',
    });
  });

  it('refuses two files that declare one screen', () => {
    const reports = { name: 'reports', codec: path('/reports'), access: 'signed-in' as const };
    expect(() =>
      discoverScreens({ '../screens/a-screen.tsx': reports, '../screens/b-screen.tsx': reports }),
    ).toThrow(/'reports' is already declared by \.\.\/screens\/a-screen\.tsx/);
  });

  it('has every *-screen.tsx file under screens/, each declaring its own route', () => {
    const files = screenFiles();
    expect(files.length).toBeGreaterThan(20);
    expect(ROUTE_NAMES.map((name) => addressOf(name).file).sort()).toEqual(files);
  });

  it('keeps the menus in their declared order', () => {
    expect(navEntries('header').map((entry) => entry.to.name)).toEqual([
      'collections',
      'carts',
      'loading-dock',
    ]);
    expect(navEntries('user').map((entry) => entry.to.name)).toEqual([
      'change-password',
      'account',
      'api-keys',
      'shares',
      'portals',
      'feeds',
      'my-requests',
      'metadata-import',
      'admin',
      'tasks',
    ]);
  });
});

describe('a screen file’s address part (screen-route-plugin)', () => {
  it('holds the route and what it needs, nothing of the component (which stays in the screen’s own chunk)', () => {
    for (const file of screenFiles()) {
      const full = join(import.meta.dirname, file);
      const part = screenRoutePart(readFileSync(full, 'utf8'), full);
      const where = relative(SCREENS, full);
      expect(part, where).toMatch(/export const screen = defineScreen\(/);
      expect(part, where).not.toMatch(/from '(react|@chakra-ui\/react|@tanstack\/react-query)'/);
      expect(part, where).not.toMatch(/from '[^']*\.tsx'/);
      expect(part, where).not.toMatch(/export const draw|<[A-Z]\w*(\s|\/>|>)/);
    }
  });

  it('keeps the local helpers the route uses, and only the imports it names', () => {
    const part = screenRoutePart(
      [
        "import { Box } from '@chakra-ui/react';",
        "import { path, prefixed } from '../../router/route-codec.ts';",
        "import { defineScreen } from '../../router/define-screen.ts';",
        "import type { Draw } from '../../router/routes.ts';",
        "export const screen = defineScreen('reports', { codec: path(REPORTS), access: 'signed-in' });",
        'const REPORTS = base();',
        "function base() { return '/reports'; }",
        'export const draw: Draw<never> = () => <Reports />;',
        'export function Reports() { return <Box />; }',
      ].join('\n'),
      'reports-screen.tsx',
    );
    expect(part.split('\n')).toEqual([
      'import { path } from "../../router/route-codec.ts";',
      'import { defineScreen } from "../../router/define-screen.ts";',
      "export const screen = defineScreen('reports', { codec: path(REPORTS), access: 'signed-in' });",
      'const REPORTS = base();',
      "function base() { return '/reports'; }",
    ]);
  });
});
