// Without zod: the viewer reads it as it opens (`apps/web`), before any form needs the schemas.

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
