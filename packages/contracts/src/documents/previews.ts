import { z } from 'zod';
import { idParam } from '../rules/ids';

/**
 * Office files the viewer shows as a PDF converted by LibreOffice on the server (spec section 3's
 * office table and section 5's previewable list).
 */
export const OFFICE_PREVIEW_EXTENSIONS = [
  'doc',
  'docm',
  'docx',
  'odt',
  'rtf',
  'rtf2',
  'xls',
  'xlsb',
  'xlsm',
  'xlsx',
  'ods',
  'ppt',
  'pptm',
  'pptx',
  'odp',
] as const;

export const isOfficePreviewable = (extension: string | null | undefined): boolean =>
  (OFFICE_PREVIEW_EXTENSIONS as readonly string[]).includes((extension ?? '').toLowerCase());

/**
 * Where a document version's PDF preview stands: `ready` (`GET .../preview/content` serves it),
 * `pending` (being converted: ask again), `no-converter` (LibreOffice is not installed on the
 * server), `not-convertible` (not an office file, or too large), `failed` (the conversion failed
 * or timed out).
 */
export const previewStatusSchema = z.enum(['ready', 'pending', 'no-converter', 'not-convertible', 'failed']);
export type PreviewStatus = z.infer<typeof previewStatusSchema>;

export const previewSchema = z.object({ status: previewStatusSchema });
export type PreviewDto = z.infer<typeof previewSchema>;

export const previewQuerySchema = z.object({ version_id: idParam('document_version').optional() });
