import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The full helmet set, computed once: a CSP that allows only the app's own scripts (hash-wasm
 * needs 'wasm-unsafe-eval', MUI's emotion injects style tags, pdf.js runs blob workers),
 * same-origin referrers, and the rest of helmet's defaults except HSTS (sent over HTTPS only).
 */
function documentHeaders(): Record<string, string> {
  const apply = helmet({
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
    strictTransportSecurity: false,
  });
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  apply({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What a JSON answer needs: never sniffed into something else, never framed, nothing it could
 * load. The document set (CSP of the app, ~1 KB) went out with every API answer before.
 */
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers per kind of answer: the full set on HTML documents, the minimal set on
 * API answers (`no-store` on private ones); HSTS only over HTTPS (with `TRUST_PROXY`, as the proxy reports it). An answer
 * that sets its own CSP (served logos) keeps it. CORS stays closed unless origins are configured.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: string): Promise<void> {
  const forDocuments = documentHeaders();
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    // The web app's files get the document set too: a worker script runs under its own CSP.
    const isDocument =
      (typeof type === 'string' && type.startsWith('text/html')) || !request.url.startsWith('/api');
    const own = reply.getHeader('content-security-policy');
    reply.headers(isDocument ? forDocuments : API_HEADERS);
    if (own) reply.header('content-security-policy', own);
    if (!isDocument && request.headers.authorization && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
  const origins = corsOrigins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  // Closed CORS needs no plugin: without it no answer carries an Access-Control header (its
  // per-request origin check cost ~2 % of a read).
  if (origins.length) await app.register(cors, { origin: origins, credentials: false });
}
