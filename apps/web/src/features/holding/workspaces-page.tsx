import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { MyHolding } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../team/use-debounced';
import { type ListQuery, PAGE_SIZE, useHoldingWorkspaces } from './api';
import { ListBar } from './list-bar';
import { PagedList } from './paged-list';
import { HOLDING_IDS } from './test-ids';
import { WorkspaceDialog } from './workspace-dialog';

/** `holding/workspaces`: the holding's portals, with search and the deactivated ones on demand. */
export function HoldingWorkspacesPage({ holding }: { holding: MyHolding }) {
  const { t } = useTranslation('holding');
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const [query, setQuery] = useState<ListQuery>({ search: '', includeDeactivated: false, page: 1 });
  useEffect(() => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), [search]);
  const result = useHoldingWorkspaces(holding.id, query);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ListBar
        search={input}
        onSearch={setInput}
        searchLabel={t('workspaces.search')}
        deactivated={{
          value: query.includeDeactivated,
          onChange: (includeDeactivated) => setQuery((q) => ({ ...q, includeDeactivated, page: 1 })),
        }}
      />
      <PagedList
        testId={HOLDING_IDS.workspaces}
        rows={result.data?.data}
        rowKey={(row) => row.id}
        pending={result.isPending}
        fetching={result.isFetching}
        error={result.isError}
        empty={t('workspaces.empty')}
        paging={{
          page: query.page,
          perPage: PAGE_SIZE,
          total: result.data?.total ?? 0,
          onPage: (page) => setQuery((q) => ({ ...q, page })),
        }}
        renderRow={(row) => (
          <li>
            <ListItemButton data-testid={HOLDING_IDS.workspaceRow(row.id)} onClick={() => setOpen(row.id)}>
              <ListItemText
                primary={
                  <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Stack component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {row.name}
                    </Stack>
                    {row.deactivated_at ? <Chip size="small" label={t('status.deactivated')} /> : null}
                  </Stack>
                }
                secondary={[
                  row.domain,
                  t('counts.members', { count: row.member_count }),
                  t('counts.vendors', { count: row.vendor_count }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </li>
        )}
      />
      {open !== null ? (
        <WorkspaceDialog holdingId={holding.id} firmId={open} onClose={() => setOpen(null)} />
      ) : null}
    </Stack>
  );
}
