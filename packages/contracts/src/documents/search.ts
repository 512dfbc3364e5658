import { z } from 'zod';
import { idField, idParam, pageQuery, queryBoolean } from '../rules/ids';
import { text } from '../rules/text';

/** The kinds of content a search may keep to (by the document's extension). */
export const SEARCH_TYPES = ['pdf', 'office', 'image', 'text'] as const;
export const searchTypeSchema = z.enum(SEARCH_TYPES, { error: 'invalid-value' });
export type SearchType = z.infer<typeof searchTypeSchema>;

/** The extensions of each kind (lower case, without the dot). */
export const SEARCH_TYPE_EXTENSIONS: Record<SearchType, readonly string[]> = {
  pdf: ['pdf'],
  office: ['doc', 'docx', 'odt', 'rtf', 'xls', 'xlsx', 'ods', 'ppt', 'pptx', 'odp'],
  image: ['png', 'jpg', 'jpeg', 'tif', 'tiff', 'bmp', 'webp', 'gif'],
  text: ['txt', 'csv', 'tsv', 'md', 'text', 'log'],
};

const isoDay = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid-date' });

/**
 * `GET .../search?q=`: words of the name or the content (web search syntax: "quoted phrase",
 * `-excluded`, `or`), matched without accents in French and English, ranked; filters by client
 * file, folder (and its sub-folders), kind, date of the current version, validated, unread.
 */
export const searchQuerySchema = z
  .object({
    q: text(200)
      .pipe(z.string().trim().min(1, { error: 'required' }))
      .meta({ example: 'facture' }),
    vendor_id: idParam('vendor').optional(),
    folder_id: idParam('folder').optional(),
    type: searchTypeSchema.optional(),
    from: isoDay().optional(),
    to: isoDay().optional(),
    validated: queryBoolean().optional(),
    unread: queryBoolean().optional(),
    ...pageQuery(),
  })
  .refine((s) => !s.from || !s.to || s.from <= s.to, { error: 'invalid-date', path: ['to'] });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Where the excerpt matches the query: `start` and `length` in UTF-16 code units. */
export const searchHighlightSchema = z.object({ start: z.number().int(), length: z.number().int() });

/** A hit: the document (opens in the viewer with its current version) and an excerpt. */
export const searchHitSchema = z.object({
  id: idField('document'),
  vendor_id: idField('vendor'),
  folder_id: idField('folder'),
  version_id: idField('document_version'),
  name: z.string(),
  mime_type: z.string(),
  updated_at: z.string(),
  /** Plain text around the matches (the content's, else the name); never HTML. */
  excerpt: z.string(),
  highlights: z.array(searchHighlightSchema),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
