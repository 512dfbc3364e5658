import { describe, expect, it } from 'vitest';
import { ROUTE_PAGES } from './route-pages';
import { routeById } from './routes';
import { SHELL_PAGES } from './shell-pages';

describe('ROUTE_PAGES and SHELL_PAGES', () => {
  it('name only routes of the route table, none of them a redirect, each in the list of its layout', () => {
    for (const [pages, shell] of [
      [ROUTE_PAGES, false],
      [SHELL_PAGES, true],
    ] as const) {
      for (const id of Object.keys(pages)) {
        expect(routeById(id), id).toBeDefined();
        expect(routeById(id)?.redirectTo, id).toBeUndefined();
        expect(routeById(id)?.layout === 'shell', id).toBe(shell);
      }
    }
  });
});
