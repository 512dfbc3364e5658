import { describe, expect, it } from 'vitest';
import { bootScript, type PreloadMap, pathPattern, preloadScript } from './route-preload';

const MAP: PreloadMap = {
  routes: [
    { test: pathPattern('/home/:context?'), files: ['/assets/shell.js', '/assets/home.js'] },
    {
      test: pathPattern('/customers/:context?'),
      files: ['/assets/shell.js', '/assets/customers.js'],
      media: [['(min-width: 900px)', ['/assets/grid.js']]],
      grid: true,
    },
  ],
  texts: { fr: ['/assets/texts-fr.js'], en: ['/assets/texts-en.js'], pt: [] },
  grids: { fr: ['/assets/grid-fr.js'], en: ['/assets/grid-en.js'], pt: [] },
  languages: ['fr', 'en', 'pt'],
  fallback: 'fr',
};

/** Runs a boot or preload script against a fake page; returns what it appended to the head. */
function run(
  script: string,
  {
    path,
    storage = {},
    languages = ['fr-FR'],
    wide = true,
  }: {
    path: string;
    storage?: Record<string, string>;
    languages?: string[];
    wide?: boolean;
  },
) {
  const appended: { rel?: string; href?: string; src?: string }[] = [];
  const fake = {
    localStorage: { getItem: (k: string) => storage[k] ?? null },
    location: { pathname: path },
    navigator: { languages },
    matchMedia: () => ({ matches: wide }),
    document: {
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (el: { rel?: string; href?: string; src?: string }) => appended.push(el) },
    },
  };
  const names = Object.keys(fake);
  new Function(...names, `var window=this;${script}`).call(fake, ...Object.values(fake));
  return appended;
}

describe('route preload', () => {
  it('turns route paths into anchored patterns', () => {
    const customer = new RegExp(pathPattern('/customer/:context?/*'));
    expect(customer.test('/customer')).toBe(true);
    expect(customer.test('/customer/3b9aca01/general')).toBe(true);
    expect(customer.test('/customers')).toBe(false);
    const viewer = new RegExp(pathPattern('/viewer/:context/:folderHash/:documentHash/:versionId?'));
    expect(viewer.test('/viewer/a/b/c')).toBe(true);
    expect(viewer.test('/viewer/a/b/c/4')).toBe(true);
    expect(viewer.test('/viewer/a/b')).toBe(false);
  });

  it('boot loads the preload script only with a session', () => {
    const boot = bootScript('assets/preload-x.js');
    expect(run(boot, { path: '/signin' })).toEqual([]);
    expect(run(boot, { path: '/home', storage: { token: 't' } })).toEqual([{ src: '/assets/preload-x.js' }]);
  });

  it("preloads the route's files, the language's texts and, on wide screens, the grid", () => {
    const script = preloadScript(MAP);
    const hrefs = (opts: Parameters<typeof run>[1]) =>
      run(script, opts).map((l) => {
        expect(l.rel).toBe('modulepreload');
        return l.href;
      });
    expect(hrefs({ path: '/home/3b9aca00' })).toEqual([
      '/assets/shell.js',
      '/assets/home.js',
      '/assets/texts-fr.js',
    ]);
    expect(hrefs({ path: '/customers', storage: { language: 'en' } })).toEqual([
      '/assets/shell.js',
      '/assets/customers.js',
      '/assets/texts-en.js',
      '/assets/grid-en.js',
      '/assets/grid.js',
    ]);
    expect(hrefs({ path: '/customers', languages: ['pt-BR'], wide: false })).toEqual([
      '/assets/shell.js',
      '/assets/customers.js',
    ]);
    expect(hrefs({ path: '/signin' })).toEqual([]);
  });
});
