import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers: a CSP that allows only the app's own scripts (hash-wasm needs
 * 'wasm-unsafe-eval', MUI's emotion injects style tags, pdf.js runs blob workers), nosniff,
 * same-origin referrers. CORS stays closed unless origins are configured.
 *
 * helmet's middleware is built once here: @fastify/helmet rebuilds it (and re-parses the CSP) on
 * every request, which cost about 3 % of the CPU of a simple API read.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  const origins = corsOrigins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await app.register(cors, { origin: origins.length ? origins : false, credentials: false });
}
