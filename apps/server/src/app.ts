import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import pino from 'pino';
import { type AppContext, type DocumentsSeam, NO_SIRET_SOURCE, type SiretSource } from './app-context';
import type { Config } from './config';
import type { Database } from './db/client';
import { auditRoutes, registerAuditJobs } from './modules/audit/audit.routes';
import { auditSeam } from './modules/audit/audit.seam';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { davRoutes, registerDavMethods } from './modules/dav/dav.routes';
import { davPreferencesRoutes } from './modules/dav/dav-preferences.routes';
import { registerScratchJobs } from './modules/dav/dav-scratch.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { documentsSeam } from './modules/documents/documents.seam';
import { registerTextJobs, startTextBackfill } from './modules/documents/search/text-extraction.service';
import { registerRetentionJob } from './modules/documents/storage-policy/retention.service';
import { uploadState } from './modules/documents/uploads/upload-storage';
import { healthRoutes } from './modules/health/health.routes';
import { holdingsRoutes } from './modules/holdings/holdings.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { identityMailJobs } from './modules/identity/identity.service';
import { magicLinkMailJobs } from './modules/identity/magic-links.service';
import { missionRoutes } from './modules/missions/missions.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { notificationsSeam, registerNotificationJobs } from './modules/notifications/notifications.seam';
import { platformAdminRoutes } from './modules/platform-admin/platform-admin.routes';
import { platformCatalogRoutes } from './modules/platform-admin/platform-catalog.routes';
import { platformFlagsRoutes } from './modules/platform-admin/platform-flags.routes';
import { signatureCertificateRoutes } from './modules/signatures/certificates.routes';
import { registerSignatureJobs, signaturesRoutes } from './modules/signatures/signatures.routes';
import { signaturesSeam } from './modules/signatures/signatures.seam';
import { ssoRoutes } from './modules/sso/sso.routes';
import {
  type ReminderJob,
  remindInformationRequest,
  TASK_REMINDER_JOB,
} from './modules/tasks/reminders.service';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { teamRoutes } from './modules/team/team.routes';
import { tenancyAccess } from './modules/tenancy/tenancy.access';
import { tenancyRoutes } from './modules/tenancy/tenancy.routes';
import { termsRoutes } from './modules/terms/terms.routes';
import { themeAccessRoutes } from './modules/themes/theme-access.routes';
import { themeUseRoutes } from './modules/themes/theme-use.routes';
import { themesRoutes } from './modules/themes/themes.routes';
import { vendorsAccess } from './modules/vendors/core/vendors.access';
import { vendorsRoutes } from './modules/vendors/core/vendors.routes';
import { vendorImportRoutes } from './modules/vendors/import/import.routes';
import { vendorChildrenRoutes } from './modules/vendors/vendor-children.routes';
import { whiteLabelRoutes } from './modules/white-label/white-label.routes';
import { workflowsRoutes } from './modules/workflows/workflows.routes';
import { workflowsSeam } from './modules/workflows/workflows.seam';
import { createAccess } from './platform/access/access';
import { createAccessCache } from './platform/access/access-cache';
import { listenForAccessChanges, registerWriteBarrier } from './platform/access/access-invalidation';
import { registerAuth } from './platform/auth/auth-plugin';
import type { BlobStore } from './platform/blobs/blob-store';
import { blobStoreFromConfig } from './platform/blobs/blob-store-from-config';
import { createBoundedCache } from './platform/cache/bounded-cache';
import { createReadCache, NO_READ_CACHE } from './platform/cache/read-cache';
import { registerErrorHandler } from './platform/errors/error-handler';
import { createEvents, type Events } from './platform/events/events';
import { registerOpenApi } from './platform/http/openapi';
import { redactUrl } from './platform/http/redact';
import { createRequestContext } from './platform/http/request-context';
import { registerSecurity } from './platform/http/security';
import { responseSerializer } from './platform/http/serializer';
import { isSpaRequest, registerWebApp } from './platform/http/web-app';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createOutbox, type Outbox } from './platform/mail/outbox';
import { findSoffice, type OfficeConverter, officeConverter } from './platform/office/office-converter';
import { databaseRateLimiter, type RateLimiter, redisRateLimiter } from './platform/rate-limit';

export type AppDeps = {
  database: Database;
  mailer?: Mailer;
  /** Given by tests, which drain it themselves; otherwise the app runs its own worker. */
  outbox?: Outbox;
  rateLimiter?: RateLimiter;
  documents?: DocumentsSeam;
  blobs?: BlobStore;
  /** Given by tests that convert office files with a stand-in. */
  converter?: OfficeConverter;
  /** Given by tests, which run its jobs themselves (`drain`); otherwise the app runs workers. */
  jobs?: JobQueue;
  /** Given by tests that listen to the domain events. */
  events?: Events;
  /** A company data provider by SIRET; none by default. */
  siret?: SiretSource;
};

/** Generated icons kept per app (a few KB each). */
const ICONS_KEPT = 500;
/** Checked PDFs kept (a few KB each): the versions people open in a while. */
const PDF_SIGNATURES_KEPT = 2000;

/** The web app's build folder, found from this file in source or in the bundle. */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/** Builds the whole application: platform plugins first, then each module's routes. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // Log lines are written asynchronously (a synchronous write per request cost ~5 % of a read).
  const logStream = config.LOG_LEVEL === 'silent' ? undefined : pino.destination({ dest: 1, sync: false });
  const app = Fastify({
    logger: logStream
      ? {
          level: config.LOG_LEVEL,
          stream: logStream,
          redact: ['req.headers.authorization'],
          serializers: {
            req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    // One access line per request (onResponse below) instead of Fastify's two; failures are
    // logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestTimeout: 120_000,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check: config.NODE_ENV !== 'production' }));
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });
  // The line is built only when it is written (the benchmarks run at `warn`).
  const writesAccessLog = logStream !== undefined && (pino.levels.values[config.LOG_LEVEL] ?? 0) <= 30;
  app.addHook('onResponse', (request, reply, done) => {
    if (!writesAccessLog) return done();
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
  app.addHook('onClose', (_app, done) => {
    logStream?.flush();
    done();
  });

  let redis: Redis | undefined;
  if (!deps.rateLimiter && config.REDIS_URL) redis = new Redis(config.REDIS_URL, { lazyConnect: false });
  // Sessions and grants are cached per process and cleared by the database's notifications.
  const accessCache = createAccessCache();
  // So are the answers of the reads that visit many rows (task lists and counters), per firm.
  const reads =
    config.READ_CACHE_SECONDS > 0
      ? createReadCache({ ttlMs: config.READ_CACHE_SECONDS * 1000 })
      : NO_READ_CACHE;
  const invalidation = await listenForAccessChanges(deps.database, { access: accessCache, reads }, app.log);
  app.addHook('onClose', () => invalidation.close());
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const outbox = deps.outbox ?? createOutbox({ db: deps.database.db, mailer, log: app.log });
  const requestContext = createRequestContext(app);
  const audit = auditSeam(deps.database.db, requestContext, app.log);
  app.addHook('onClose', async () => audit.close());
  const ctx: AppContext = {
    config,
    database: deps.database,
    db: deps.database.db,
    mailer,
    outbox,
    rateLimiter:
      deps.rateLimiter ?? (redis ? redisRateLimiter(redis) : databaseRateLimiter(deps.database.db)),
    access: createAccess(deps.database.db, accessCache),
    reads,
    blobs: deps.blobs ?? blobStoreFromConfig(config),
    documents: deps.documents ?? documentsSeam(),
    workflows: workflowsSeam(),
    signatures: signaturesSeam(() => ctx),
    notifications: notificationsSeam(() => ctx),
    converter:
      deps.converter ??
      officeConverter(await findSoffice(config.SOFFICE_PATH), config.PREVIEW_TIMEOUT_SECONDS * 1000),
    uploads: uploadState(config.dataDir),
    previews: { running: new Map() },
    jobs: deps.jobs ?? createJobQueue(deps.database),
    events: deps.events ?? createEvents(app.log),
    siret: deps.siret ?? NO_SIRET_SOURCE,
    audit,
    request: requestContext,
    icons: createBoundedCache(ICONS_KEPT),
    pdfSignatures: createBoundedCache(PDF_SIGNATURES_KEPT),
    featureFlags: new Map(),
  };
  // Each module adds the resource kinds it owns to the access module.
  ctx.access.register(tenancyAccess);
  ctx.access.register(vendorsAccess);
  // Each module adds the mails it builds when the outbox sends them.
  ctx.outbox.register(identityMailJobs(ctx));
  ctx.outbox.register(magicLinkMailJobs(ctx));
  // Each module adds its background jobs.
  ctx.jobs.register(
    TASK_REMINDER_JOB,
    async (data) => void (await remindInformationRequest(ctx, data as ReminderJob)),
  );
  registerRetentionJob(ctx);
  registerScratchJobs(ctx);
  registerSignatureJobs(ctx);
  registerTextJobs(ctx);
  registerAuditJobs(ctx);
  registerNotificationJobs(ctx);
  await ctx.jobs.init();
  if (!deps.jobs) {
    app.addHook('onReady', async () => ctx.jobs.start());
    // Contents filed before the search (or read while a tool was missing) are read in the background.
    app.addHook('onReady', async () => startTextBackfill(ctx));
    app.addHook('onClose', async () => ctx.jobs.stop());
  }
  if (!deps.outbox) {
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());
  }
  app.addHook('onClose', async () => {
    redis?.disconnect();
    ctx.converter.close();
  });

  // The error handler must be set before any route: a route keeps the handler in force when it is
  // declared.
  let servesWeb = false;
  registerErrorHandler(app, {
    spaFallback: (request) => servesWeb && isSpaRequest(request.method, request.url),
  });
  await registerSecurity(app, config.CORS_ORIGINS);
  // JSON above 1 KB is compressed; the web app's files are served precompressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
  });
  await registerOpenApi(app);
  registerAuth(app, ctx.db, accessCache);
  registerWriteBarrier(app, invalidation);

  app.log.info(
    { soffice: ctx.converter.binary },
    ctx.converter.binary ? 'office previews by LibreOffice' : 'office previews off: soffice not found',
  );

  // WebDAV's methods exist before any route is declared (Fastify refuses unknown methods).
  registerDavMethods(app);
  healthRoutes(app, ctx);
  identityRoutes(app, ctx);
  tenancyRoutes(app, ctx);
  whiteLabelRoutes(app, ctx);
  termsRoutes(app, ctx);
  themesRoutes(app, ctx);
  catalogRoutes(app, ctx);
  missionRoutes(app, ctx);
  themeAccessRoutes(app, ctx);
  themeUseRoutes(app, ctx);
  ssoRoutes(app, ctx);
  tasksRoutes(app, ctx);
  vendorsRoutes(app, ctx);
  vendorChildrenRoutes(app, ctx);
  vendorImportRoutes(app, ctx);
  await documentsRoutes(app, ctx);
  workflowsRoutes(app, ctx);
  signaturesRoutes(app, ctx);
  signatureCertificateRoutes(app, ctx);
  teamRoutes(app, ctx);
  platformAdminRoutes(app, ctx);
  holdingsRoutes(app, ctx);
  platformCatalogRoutes(app, ctx);
  platformFlagsRoutes(app, ctx);
  await davRoutes(app, ctx);
  davPreferencesRoutes(app, ctx);
  auditRoutes(app, ctx);
  notificationsRoutes(app, ctx);

  if (config.SERVE_WEB) servesWeb = await registerWebApp(app, config.WEB_DIST_DIR ?? defaultWebDist());
  return app;
}
