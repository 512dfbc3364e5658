import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, findImportCycles, readImportGraph } from '../../../scripts/lib/import-graph.mjs';

/**
 * The web app's shape: features stand apart. A feature's calls to the API are in its `api.ts` (or a
 * `*-api.ts` beside it); no feature imports another's; what several features share (query keys,
 * borrowed reads) is in `app/`; no import circle, between files or between features.
 */

const FEATURE = /^features\/([^/]+)\//;
const featureOf = (file: string): string | null => FEATURE.exec(file)?.[1] ?? null;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** The client itself (`api/`) and the files allowed to call it. */
const isApiModule = (file: string) => /(^|\/)([\w-]+-)?api\.ts$/.test(file) || file.startsWith('api/');

/** Files importing another feature's `api.ts` (`from -> to`). */
function crossFeatureApiImports(root: string): string[] {
  const offenders: string[] = [];
  for (const [file, targets] of readImportGraph(root)) {
    if (isTest(file)) continue;
    for (const target of targets) {
      const owner = featureOf(target);
      if (owner && owner !== featureOf(file) && isApiModule(target)) offenders.push(`${file} -> ${target}`);
    }
  }
  return offenders;
}

const API_CALL = /\bapi\s*\.\s*(get|post|put|patch|delete)\s*[<(]/;
const CLIENT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'((?:\.\.?\/)+api)(?:\/index|\/client)?'/g;

/** Files outside an `api.ts` that call the API client or import `api`/`request` from it. */
function apiCallsOutsideApiModules(root: string): string[] {
  const offenders: string[] = [];
  for (const file of readImportGraph(root).keys()) {
    if (isTest(file) || isApiModule(file)) continue;
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const importsClient = [...source.matchAll(CLIENT_IMPORT)].some(([, names = '', specifier = '']) => {
      const resolved = path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier));
      return (
        resolved === 'api' &&
        names.split(',').some((name) => /^\s*(api|request)\s*$/.test(name.replace(/\s+as\s+\w+/, '')))
      );
    });
    if (importsClient || API_CALL.test(source)) offenders.push(file);
  }
  return offenders;
}

/** The router and its page tables load the features' pages and frames: the one place shared code names them. */
const PAGE_TABLES = new Set(['app/router.tsx', 'app/route-pages.ts', 'app/shell-pages.ts']);

/** Shared code (`app/`, `components/`, `api/`) importing a feature (`from -> to`). */
function sharedCodeImportingFeatures(root: string): string[] {
  const offenders: string[] = [];
  for (const [file, targets] of readImportGraph(root)) {
    if (featureOf(file) || isTest(file) || PAGE_TABLES.has(file)) continue;
    for (const target of targets) if (featureOf(target)) offenders.push(`${file} -> ${target}`);
  }
  return offenders;
}

/** Circles between features: each lists features that all reach each other through their files. */
function featureCycles(root: string): string[][] {
  const features = new Map<string, Set<string>>();
  for (const [file, targets] of readImportGraph(root)) {
    const from = featureOf(file);
    if (!from || isTest(file)) continue;
    const edges = features.get(from) ?? new Set<string>();
    features.set(from, edges);
    for (const target of targets) {
      const to = featureOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return findCycles(new Map([...features].map(([feature, edges]) => [feature, [...edges]])));
}

const webSource = import.meta.dirname;

describe('apps/web/src', () => {
  it('has no import circle between files (dynamic imports included)', () => {
    expect(findImportCycles(webSource)).toEqual([]);
  });

  it('has no circle between features', () => {
    expect(featureCycles(webSource)).toEqual([]);
  });

  it("keeps every feature out of another feature's api.ts (shared keys and reads are in app/)", () => {
    expect(crossFeatureApiImports(webSource)).toEqual([]);
  });

  it('calls the API only from api.ts files', () => {
    expect(apiCallsOutsideApiModules(webSource)).toEqual([]);
  });

  it('keeps app/, components/ and api/ free of features, but for the router and its page tables', () => {
    expect(sharedCodeImportingFeatures(webSource)).toEqual([]);
  });
});

describe('the architecture checks', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  const folderWith = (files: Record<string, string>) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-architecture-'));
    folders.push(root);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    return root;
  };
  const world = (extra: Record<string, string>) =>
    folderWith({
      'api/index.ts': 'export const api = {}; export const request = () => {};',
      'app/query-keys.ts': 'export const taskKeys = {};',
      'features/tasks/api.ts':
        "import { api } from '../../api';\nexport const useTasks = () => api.get('tasks');",
      'features/tasks/task-files-api.ts': "import { api } from '../../api';\napi.post('x');",
      'features/tasks/tasks-page.tsx': "import { useTasks } from './api';",
      'features/themes/api.ts': "import { taskKeys } from '../../app/query-keys';",
      'features/themes/theme-bits.tsx': '',
      ...extra,
    });

  it('accept features that share through app/', () => {
    const root = world({
      'features/tasks/task-list.tsx': "import { ThemeChip } from '../themes/theme-bits';",
    });
    expect(crossFeatureApiImports(root)).toEqual([]);
    expect(apiCallsOutsideApiModules(root)).toEqual([]);
    expect(featureCycles(root)).toEqual([]);
    expect(sharedCodeImportingFeatures(root)).toEqual([]);
  });

  it('find shared code importing a feature', () => {
    const root = world({
      'app/session.ts': "import { taskKeys } from '../features/tasks/api';",
      'app/shell-pages.ts': "export const tasks = () => import('../features/tasks/tasks-page');",
    });
    expect(sharedCodeImportingFeatures(root)).toEqual(['app/session.ts -> features/tasks/api.ts']);
  });

  it("find a feature importing another's api.ts, or its *-api.ts", () => {
    const root = world({
      'features/themes/api.ts': "import { taskKeys } from '../tasks/api';",
      'features/themes/theme-dialog.tsx': "import { useTasks } from '../tasks/task-files-api';",
    });
    expect(crossFeatureApiImports(root)).toEqual([
      'features/themes/api.ts -> features/tasks/api.ts',
      'features/themes/theme-dialog.tsx -> features/tasks/task-files-api.ts',
    ]);
  });

  it('find an API call, or the client imported, outside an api.ts', () => {
    const root = world({
      'features/tasks/task-form.tsx':
        "import { isApiError } from '../../api';\nconst u = api.get<U[]>('users');",
      'features/tasks/task-drawer.tsx': "import { api, isApiError } from '../../api';",
      'app/session.ts': "import { request as send } from '../api';",
      'features/tasks/task-files-api.test.ts': "import { api } from '../../api';\napi.get('x');",
    });
    expect(apiCallsOutsideApiModules(root).sort()).toEqual([
      'app/session.ts',
      'features/tasks/task-drawer.tsx',
      'features/tasks/task-form.tsx',
    ]);
  });

  it('find a circle between features, even through different files', () => {
    const root = world({
      'features/tasks/task-list.tsx': "import { ThemeChip } from '../themes/theme-bits';",
      'features/themes/themes-page.tsx': "import { TaskCount } from '../tasks/tasks-page';",
    });
    expect(findImportCycles(root)).toEqual([]);
    expect(featureCycles(root)).toEqual([['tasks', 'themes']]);
  });
});
