import { useQuery } from '@tanstack/react-query';
import { fetchContent } from '../content';

/** A document version's content as a Blob (inline disposition), kept a minute in the cache. */
export const useContent = (vendorId: number, documentId: number, versionId: number | null, enabled = true) =>
  useQuery({
    queryKey: ['documents', vendorId, 'content', documentId, versionId ?? 'latest'] as const,
    queryFn: ({ signal }) => fetchContent({ vendorId, documentId, versionId, inline: true, signal }),
    enabled,
    staleTime: 60_000,
    gcTime: 60_000,
  });
