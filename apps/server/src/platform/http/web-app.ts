import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html and version.json never
 * cached, and every unknown GET outside /api answered with index.html (history-mode router).
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
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (name === 'index.html' || name === 'version.json') {
        res.header('Cache-Control', 'no-store');
      }
    },
  });
  return true;
}

export function isSpaRequest(method: string, url: string, accept: string | undefined): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !url.startsWith('/api') &&
    !url.startsWith('/dav') &&
    !/\.[a-z0-9]{2,5}(\?|$)/i.test(url.split('?')[0] ?? '') &&
    (accept ?? '').includes('text/html')
  );
}
