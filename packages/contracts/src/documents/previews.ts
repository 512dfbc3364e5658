import { z } from 'zod';
import { idParam } from '../rules/ids';

export { isOfficePreviewable, OFFICE_PREVIEW_EXTENSIONS } from './office-previews';

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
