import {
  archiveTicketParamsSchema,
  auditEventListSchema,
  auditEventsQuerySchema,
  auditExportLinkRequestSchema,
  auditExportLinkSchema,
  auditFiltersSchema,
  auditSettingsSchema,
  auditVerificationSchema,
  dataEnvelope,
  firmIdParamsSchema,
  updateAuditSettingsSchema,
  vendorIdParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as service from './audit.service';
import { type AuditCsv, createExportLink, exportCsv, redeemExportLink } from './audit-export.service';

const AUDIT_PURGE_JOB = 'audit-purge';
const DAY_MS = 24 * 60 * 60 * 1000;

function sendCsv(reply: FastifyReply, csv: AuditCsv) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  return reply.send(csv.stream);
}

/** The daily retention purge, as a job (queued by the app's timer; tests drain it). */
export function registerAuditJobs(ctx: AppContext): void {
  ctx.jobs.register(AUDIT_PURGE_JOB, async () => void (await service.purgeAudit(ctx)));
}

/** The audit log (issue 31 part 2): read, verified, exported; never written through the API. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['audit'], security: bearer };
  r.get(
    '/api/accounting-firms/:id/audit-events',
    {
      schema: {
        ...tags,
        description:
          "The portal's audit log, newest first (firm administrators). Keyset pagination: pass " +
          '`next_cursor` as `cursor` for the next page (no total, no page number).',
        params: firmIdParamsSchema,
        querystring: auditEventsQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (q) => service.firmEvents(ctx, requireActor(q), q.params.id, q.query),
  );
  r.get(
    '/api/accounting-firms/:id/audit-events/verify',
    {
      schema: {
        ...tags,
        description: "Recomputes the portal's hash chain: the first row changed or missing, if any.",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(auditVerificationSchema) },
      },
    },
    async (q) => ({ data: await service.verifyFirmChain(ctx, requireActor(q), q.params.id) }),
  );
  r.get(
    '/api/accounting-firms/:id/audit-events/export',
    {
      schema: {
        ...tags,
        description:
          'The log with the same filters as CSV (RFC 4180, UTF-8 with a BOM), streamed; at most ' +
          "1,000,000 rows; cells a spreadsheet would run as formulas start with '. The export is logged.",
        params: firmIdParamsSchema,
        querystring: auditFiltersSchema,
      },
    },
    async (q, reply) => sendCsv(reply, await exportCsv(ctx, requireActor(q), q.params.id, q.query)),
  );
  r.post(
    '/api/accounting-firms/:id/audit-events/export/links',
    {
      schema: {
        ...tags,
        description:
          'A one-use link (a minute) to the CSV export with these filters, for a plain browser download.',
        params: firmIdParamsSchema,
        body: auditExportLinkRequestSchema,
        response: { 200: dataEnvelope(auditExportLinkSchema) },
      },
    },
    async (q) => ({ data: await createExportLink(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.get(
    '/api/audit-export-links/:ticket',
    {
      schema: {
        tags: ['audit'],
        description: 'The CSV of a link made by `POST .../audit-events/export/links`; once, within a minute.',
        params: archiveTicketParamsSchema,
      },
    },
    async (q, reply) => sendCsv(reply, await redeemExportLink(ctx, q.params.ticket)),
  );
  r.get(
    '/api/vendors/:id/audit-events',
    {
      schema: {
        ...tags,
        description:
          "A client file's audit log, newest first (firm administrators, assigned collaborators); " +
          "the same filters and cursor as the portal's.",
        params: vendorIdParamsSchema,
        querystring: auditEventsQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (q) => service.vendorEvents(ctx, requireActor(q), q.params.id, q.query),
  );
  r.get(
    '/api/accounting-firms/:id/audit-settings',
    {
      schema: {
        ...tags,
        description: "How long the portal's audit log is kept (firm administrators).",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(auditSettingsSchema) },
      },
    },
    async (q) => ({ data: await service.auditSettings(ctx, requireActor(q), q.params.id) }),
  );
  r.patch(
    '/api/accounting-firms/:id/audit-settings',
    {
      schema: {
        ...tags,
        description: 'Chooses how long the log is kept, 90 to 3,650 days (firm administrators).',
        params: firmIdParamsSchema,
        body: updateAuditSettingsSchema,
        response: { 200: dataEnvelope(auditSettingsSchema) },
      },
    },
    async (q) => ({
      data: await service.updateAuditSettings(ctx, requireActor(q), q.params.id, q.body),
    }),
  );

  // The purge runs daily while the app runs (each process: the purge is idempotent).
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      ctx.jobs
        .enqueue(ctx.db, AUDIT_PURGE_JOB, {})
        .catch((error) => app.log.error({ err: error }, 'audit purge'));
    }, DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
