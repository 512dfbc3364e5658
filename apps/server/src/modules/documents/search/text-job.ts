/**
 * The job that reads a content's text for the search (`text-extraction.service.ts`), queued by
 * the filing service in the transaction that adds the version: a crash after the commit loses
 * nothing. Keyed by content: a content filed twice is read once.
 */
export const DOCUMENT_TEXT_JOB = 'document-text';

/** `key`: the version's blob; `name`: the document's name when filed (its extension decides how). */
export type DocumentTextJob = { key: string; name: string };
