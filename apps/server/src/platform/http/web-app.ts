import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The precompressed siblings the web build writes beside its files (`vite.config.ts`). */
const COMPRESSED = /\.(?:br|gz)$/;

/**
 * Serves the built web app: hashed assets cached for a year, index.html and version.json never
 * cached, and every unknown GET outside /api answered with index.html (history-mode router).
 * Each file is sent as the build precompressed it (`.br`, else `.gz`) to a browser that accepts
 * that encoding, with `Content-Encoding` and `Vary: Accept-Encoding`; as it is (identity) to one
 * that accepts neither. index.html sent as the fallback of a page is negotiated the same way.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // No route of their own for the compressed siblings: they are only sent in place of their file.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      // The path sent: `index.html.br` when the brotli file answers for `index.html`.
      const name = path.basename(filePath).replace(COMPRESSED, '');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (name === 'index.html' || name === 'version.json') {
        res.header('Cache-Control', 'no-store');
      }
    },
  });
  return true;
}

/**
 * Whether an unknown request is a page of the web app, answered with index.html: a GET or HEAD
 * outside /api and /dav whose path has no file extension (an unknown asset keeps its 404),
 * whatever the client accepts (a browser, curl or a load balancer's health check alike).
 * `_accept` is the request's Accept header, no longer consulted.
 */
export function isSpaRequest(method: string, url: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !/^\/(?:api|dav)(?:[/?]|$)/.test(url) &&
    !/\.[a-z0-9]{2,5}(\?|$)/i.test(url.split('?')[0] ?? '')
  );
}
