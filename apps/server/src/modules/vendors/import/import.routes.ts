import { dataEnvelope, firmIdParamsSchema, importReportSchema } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, requestLocale, typed } from '../../../platform/http/route-helpers';
import { readFilePart } from '../../../platform/uploads/file-part';
import { registerMultipart } from '../../../platform/uploads/multipart-scope';
import { importTemplate, importVendors } from './import.service';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const TEMPLATE_NAME = 'modele-import-clients.xlsx';

/**
 * The uploaded workbook: the multipart field `file`, named *.xlsx or typed as one (else 422
 * `bad-import-file`). Larger than 5 MB answers 413.
 */
async function uploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  const part = await readFilePart(request, {
    field: 'file',
    maxBytes: MAX_IMPORT_BYTES,
    extensions: ['xlsx'],
    types: [XLSX_TYPE],
    errorCode: 'bad-import-file',
  });
  return part.buffer;
}

/** Client files import from an Excel workbook, and its template. Multipart stays in this scope. */
export function vendorImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    await registerMultipart(scope);
    const r = typed(scope);
    const tags = ['client files: import'];

    r.post(
      '/api/accounting-firms/:id/vendors/import',
      {
        schema: {
          tags,
          security: bearer,
          consumes: ['multipart/form-data'],
          description:
            'Creates client files from an .xlsx workbook sent as the multipart field `file` (5 MB at most). ' +
            "The sheet 'Clients' is read, else the first sheet; its first row names the columns " +
            '(client_code, company and siret required; see the template). The whole file is refused ' +
            '(422) when it is not a workbook (`bad-import-file`), has no sheet (`missing-excel-sheet`), ' +
            'lacks a required column (`bad-import-file`, errors per missing column), has no data row ' +
            '(`empty-file`) or more than 500 (`too-much-rows`, answered at the 501st row without reading ' +
            'further). A workbook whose parts unpack to more than 32 MB is refused (`bad-import-file`). ' +
            'Otherwise each row is created or ' +
            'refused on its own, with the same rules and messages as POST /vendors; `email` invites ' +
            "the client file's administrator. Answers the report of every row.",
          params: firmIdParamsSchema,
          response: { 200: dataEnvelope(importReportSchema) },
        },
      },
      async (request) => ({
        data: await importVendors(
          ctx,
          requireActor(request),
          request.params.id,
          () => uploadedWorkbook(request),
          requestLocale(request),
        ),
      }),
    );

    r.get(
      '/api/accounting-firms/:id/vendors/import/template',
      {
        schema: {
          tags,
          security: bearer,
          description: `The import template (${TEMPLATE_NAME}): the 'Clients' sheet with its columns and an example row, and a help sheet.`,
          params: firmIdParamsSchema,
          response: { 200: z.any().describe('xlsx workbook') },
        },
      },
      async (request, reply) => {
        const body = await importTemplate(ctx, requireActor(request), request.params.id);
        reply.header('Content-Disposition', `attachment; filename="${TEMPLATE_NAME}"`);
        reply.header('Cache-Control', 'no-store');
        return reply.type(XLSX_TYPE).send(body);
      },
    );
  });
}
