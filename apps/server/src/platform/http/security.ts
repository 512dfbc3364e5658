import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers: a CSP that allows only the app's own scripts (hash-wasm needs
 * 'wasm-unsafe-eval', MUI's emotion injects style tags, pdf.js runs blob workers), nosniff,
 * same-origin referrers. CORS stays closed unless origins are configured.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string): Promise<void> {
  await app.register(helmet, {
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
  const origins = corsOrigins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await app.register(cors, { origin: origins.length ? origins : false, credentials: false });
}
