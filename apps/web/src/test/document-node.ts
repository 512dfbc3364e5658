import type { Node } from '@portal/contracts';

/** A document node of a folder listing, for unit tests: `over` sets what the test is about. */
export const documentNode = (over: Partial<Node> = {}): Node => ({
  type: 'document',
  id: 1,
  name: 'a.pdf',
  folder_id: 1,
  catalog_tree_folder_id: null,
  start_date: null,
  read_only: false,
  extension: 'pdf',
  mime_type: 'application/pdf',
  size: 1,
  version_id: 1,
  is_validated: false,
  unread: false,
  counter: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: null,
  workflow_status: null,
  has_signatures: false,
  in_signature: false,
  ...over,
});
