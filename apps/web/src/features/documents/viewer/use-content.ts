import { useQuery } from '@tanstack/react-query';
import { fetchContent } from '../content';

/** A document version's content as a Blob (inline disposition), kept a minute in the cache. */
export const useContent = (vendorId: number, documentId: number, versionId: number | null, enabled = true) =>
  useQuery({ ...contentQuery(vendorId, documentId, versionId), enabled });

export const contentQuery = (vendorId: number, documentId: number, versionId: number | null) => ({
  queryKey: ['documents', vendorId, 'content', documentId, versionId ?? 'latest'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchContent({ vendorId, documentId, versionId, inline: true, signal }),
  staleTime: 60_000,
  gcTime: 60_000,
});
