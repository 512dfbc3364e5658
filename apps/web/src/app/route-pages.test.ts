import { describe, expect, it } from 'vitest';
import { ROUTE_PAGES } from './route-pages';
import { routeById } from './routes';

describe('ROUTE_PAGES', () => {
  it('names only routes of the route table, none of them a redirect', () => {
    for (const id of Object.keys(ROUTE_PAGES)) {
      expect(routeById(id), id).toBeDefined();
      expect(routeById(id)?.redirectTo, id).toBeUndefined();
    }
  });
});
