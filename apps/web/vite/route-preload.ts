import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * A signed-in screen loaded cold fetched its files in a chain: the app's chunk, executed, asked
 * for the signed-in frame; the frame's list of pages then asked for the page's chunk, which asked
 * for what the page loads lazily (the grid, pdf.js). This plugin writes `assets/boot-<hash>.js`,
 * a small script that index.html runs first (deferred, before the app's module scripts; CSP
 * `script-src 'self'`: no inline script; async, it delayed the sign-in form ~100 ms).
 * When the browser holds a session, it loads `assets/preload-<hash>.js`, which, when the address
 * is a signed-in route, asks at once, with `<link rel="modulepreload">`, for the frame, the route's page and their static imports, the
 * texts of the signed-in screens in the language the app will pick, and a few lazy parts the page
 * asks for as it opens (`EXTRAS`). The files come while the app's chunk downloads and executes;
 * the app's imports then find them loaded. Signed out (the sign-in page), it asks for nothing.
 *
 * The route table (`src/app/routes.ts`) and the page list (`src/app/shell-pages.ts`) are read as
 * text: the build fails if a signed-in page is not found in the bundle.
 */

/** Lazy parts a page asks for as it opens: the page's largest part, asked for alongside it. */
const EXTRAS: Readonly<Record<string, readonly { module: string; media?: string }[]>> = {
  // pdf.js: most documents opened are PDFs (`viewer-page.tsx` starts it as it opens too).
  viewer: [{ module: 'features/documents/viewer/pdf-view.tsx' }],
};

type Entry = {
  test: string;
  files: string[];
  media?: [string, string[]][];
  /** The page shows a DataGrid: its texts in the language (`components/grid-locale.ts`). */
  grid?: boolean;
};
export type PreloadMap = {
  routes: Entry[];
  /** The texts of the signed-in screens, by language. */
  texts: Record<string, string[]>;
  /** The DataGrid's texts, by language. */
  grids: Record<string, string[]>;
  languages: string[];
  fallback: string;
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route path of `routes.ts` (`/customer/:context?/*`) as an anchored regular expression. */
export function pathPattern(routePath: string): string {
  const parts = routePath
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg === '*') return '(?:/.*)?';
      if (seg.startsWith(':')) return seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${escapeRegExp(seg)}`;
    });
  return `^${parts.join('')}/?$`;
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
}

const isModule = (id: string | null, moduleBase: string) =>
  !!id && id.startsWith(moduleBase) && /^\.(?:tsx?|jsx?|json)$/.test(id.slice(moduleBase.length));

/**
 * The chunks a dynamic import of a source module (absolute, without extension) loads: the one
 * holding it and, when it was merged into a group chunk, the small facade re-exporting it.
 */
function chunksOf(bundle: OutputBundle, moduleBase: string): OutputChunk[] {
  const found = chunks(bundle).filter(
    (c) => isModule(c.facadeModuleId, moduleBase) || c.moduleIds.some((id) => isModule(id, moduleBase)),
  );
  if (!found.length) throw new Error(`route-preload: no chunk holds ${moduleBase}`);
  return found;
}

/** A chunk and its static imports, recursively. */
function closure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

export function buildPreloadMap(bundle: OutputBundle, html: string, srcDir: string): PreloadMap {
  const routesText = readFileSync(path.join(srcDir, 'app/routes.ts'), 'utf8');
  const pagesText = readFileSync(path.join(srcDir, 'app/shell-pages.ts'), 'utf8');
  const routePaths = new Map(
    [...routesText.matchAll(/shell\(\s*'([\w-]+)',\s*'([^']+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const pages = [...pagesText.matchAll(/'?([\w-]+)'?:\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map((m) => ({
    id: m[1] ?? '',
    module: path.resolve(srcDir, 'app', m[2] ?? ''),
  }));
  if (pages.length < 5) throw new Error('route-preload: the pages of shell-pages.ts were not found');

  // What index.html loads anyway (its module script and preloads): left out.
  const loaded = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) closure(bundle, m[1] ?? '', loaded);
  if (!loaded.size) throw new Error('route-preload: no script in index.html');
  const files = (modules: string[]) => {
    const all = new Set<string>();
    for (const m of modules) for (const c of chunksOf(bundle, m)) closure(bundle, c.fileName, all);
    return [...all].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
  };

  const frame = [path.join(srcDir, 'features/shell/shell-layout'), path.join(srcDir, 'app/shell-pages')];
  const routes: Entry[] = pages.map(({ id, module }) => {
    const routePath = routePaths.get(id);
    if (!routePath) throw new Error(`route-preload: no shell route ${id} in routes.ts`);
    const extras = EXTRAS[id] ?? [];
    const always = extras
      .filter((e) => !e.media)
      .map((e) => path.join(srcDir, e.module.replace(/\.\w+$/, '')));
    const entryOf: Entry = { test: pathPattern(routePath), files: files([...frame, module, ...always]) };
    const media = extras
      .filter((e) => e.media)
      .map((e): [string, string[]] => [
        e.media ?? '',
        files([path.join(srcDir, e.module.replace(/\.\w+$/, ''))]).filter((f) => !entryOf.files.includes(f)),
      ]);
    if (media.length) entryOf.media = media;
    const gridLocale = path.join(srcDir, 'components/grid-locale.ts');
    const withGrid = [...entryOf.files, ...media.flatMap(([, f]) => f)];
    if (
      withGrid.some((f) => (bundle[f.slice(1)] as OutputChunk | undefined)?.moduleIds?.includes(gridLocale))
    )
      entryOf.grid = true;
    return entryOf;
  });

  const languages = ['fr', 'en', 'pt'];
  const texts: Record<string, string[]> = {};
  for (const lng of languages) {
    // Every namespace of that language, which a signed-in screen loads (`i18n.ts`): the sign-in
    // page's own, those of the signed-in screens (the `locale-<lng>` chunk and a facade for each)
    // and the contracts' error messages.
    const dir = path.join(srcDir, 'locales', lng) + path.sep;
    const modules = chunks(bundle)
      .flatMap((c) => [c.facadeModuleId, ...c.moduleIds])
      .filter((id): id is string => !!id && id.startsWith(dir) && id.endsWith('.json'))
      .map((id) => id.replace(/\.json$/, ''));
    texts[lng] = files([
      ...new Set(modules),
      path.join(srcDir, `../../../packages/contracts/src/i18n/messages-${lng}`),
    ]);
  }
  const grids = Object.fromEntries(
    languages.map((lng) => [lng, files([path.join(srcDir, 'components/grid-locales', lng)])]),
  );
  return { routes, texts, grids, languages, fallback: 'fr' };
}

/**
 * The preload script: plain ES5, the map inlined. Its language pick follows `app/language.ts`
 * (`language` in local storage, else the browser's, else fr).
 */
export function preloadScript(map: PreloadMap): string {
  return `(function(){try{
var M=${JSON.stringify(map)};
var p=location.pathname,r=null;
for(var i=0;i<M.routes.length;i++)if(new RegExp(M.routes[i].test).test(p)){r=M.routes[i];break;}
if(!r)return;
var l=localStorage.getItem('language');
if(M.languages.indexOf(l)<0){l=null;var b=navigator.languages||[navigator.language];
for(var j=0;j<b.length&&!l;j++){var c=String(b[j]).toLowerCase().split('-')[0];if(M.languages.indexOf(c)>=0)l=c;}}
l=l||M.fallback;
var f=r.files.concat(M.texts[l]||[],r.grid?M.grids[l]||[]:[]);
(r.media||[]).forEach(function(m){if(window.matchMedia&&matchMedia(m[0]).matches)f=f.concat(m[1]);});
f.forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;document.head.appendChild(k);});
}catch(e){}})();
`;
}

/**
 * The boot script, what every visit loads (the sign-in page's budget counts it): with a session
 * (`token` in local storage, `api/tokens.ts`), it loads the preload script; else nothing.
 */
export const bootScript = (preloadFile: string): string =>
  `(function(){try{if(!localStorage.getItem('token'))return;var s=document.createElement('script');s.src=${JSON.stringify(`/${preloadFile}`)};document.head.appendChild(s);}catch(e){}})();\n`;

export function routePreloadPlugin(): Plugin {
  const srcDir = path.resolve(import.meta.dirname, '../src');
  return {
    name: 'portal-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route-preload: no index.html in the bundle');
      const preload = this.emitFile({
        type: 'asset',
        name: 'preload.js',
        source: preloadScript(buildPreloadMap(bundle, String(html.source), srcDir)),
      });
      const ref = this.emitFile({
        type: 'asset',
        name: 'boot.js',
        source: bootScript(this.getFileName(preload)),
      });
      const fileName = this.getFileName(ref);
      html.source = String(html.source).replace(
        '</title>',
        `</title>\n    <script defer src="/${fileName}"></script>`,
      );
    },
  };
}
