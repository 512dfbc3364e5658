import { nodeSchema, paginated } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api';
import { fetchFolderChildren } from '../features/documents/api';
import { documentNode } from './document-node';

/** The web tests' data follows the server's contracts: a contract change fails here first. */
describe('test fixtures', () => {
  afterEach(() => configureApi({ fetch: (...args) => globalThis.fetch(...args) }));

  it('documentNode is a node of the documents contract', () => {
    expect(nodeSchema.safeParse(documentNode()).success).toBe(true);
    const page = { data: [documentNode()], current_page: 1, per_page: 100, total: 1, last_page: 1 };
    expect(paginated(nodeSchema).safeParse(page).success).toBe(true);
  });

  it('a feature call refuses an answer its contract does not describe', async () => {
    const answer = [{ ...documentNode(), type: 'folder', has_sub_folders: 'yes' }];
    configureApi({
      fetch: vi.fn(async () => new Response(JSON.stringify({ data: answer }), { status: 200 })),
    });
    await expect(fetchFolderChildren(1, null)).rejects.toThrow(/folderSchema\[\]/);
  });
});
