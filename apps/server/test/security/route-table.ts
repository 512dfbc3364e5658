import type { FastifyInstance } from 'fastify';

/**
 * Every (method, path) the app registered, read from `printRoutes` (a tree whose segments
 * concatenate), with `:param` written `{param}` as in OpenAPI.
 */
export function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of match[3]!.split(', ')) routes.add(`${method} ${path}`);
  }
  return routes;
}

/**
 * Routes that may be absent from the OpenAPI document, each with the reason and where it is
 * tested. Keep this list short: every other route must be documented so the probe walks it.
 */
export const UNDOCUMENTED: { pattern: RegExp; reason: string }[] = [
  { pattern: /^(HEAD|OPTIONS) /, reason: 'automatic HEAD and CORS preflight twins of documented routes' },
  {
    pattern: /^[A-Z]+ \/dav(\/(\*)?)?$/,
    reason:
      'the network drive (WebDAV, Basic auth): modules/dav/*.test.ts and test/security/tenant-dav.test.ts',
  },
  { pattern: /^GET \/api\/openapi\.json$/, reason: 'the document itself (test/platform.test.ts)' },
  { pattern: /^GET \/api\/docs(\/.*)?$/, reason: 'Swagger UI reading the document (test/platform.test.ts)' },
  {
    pattern: /^GET \/(?!api\/|dav\/)[\w./-]+$/,
    reason: 'static files of the built web app, public by nature (test/web-serving.test.ts)',
  },
];

/** Registered routes the document lacks and no UNDOCUMENTED entry explains. */
export function undocumentedRoutes(registered: Iterable<string>, documented: Set<string>): string[] {
  return [...registered].filter(
    (route) => !documented.has(route) && !UNDOCUMENTED.some((u) => u.pattern.test(route)),
  );
}
