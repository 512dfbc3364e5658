import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { MyHolding } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../app/app-navigate';
import { useDebounced } from '../team/use-debounced';
import { type ListQuery, PAGE_SIZE, useHoldingDashboard, useHoldingVendors } from './api';
import { ListBar } from './list-bar';
import { PagedList } from './paged-list';
import { HOLDING_IDS } from './test-ids';

/**
 * `holding/customers`: the client files of every workspace of the holding (search on name, client
 * code, SIREN/SIRET; by workspace; deactivated on demand), each opened in its portal.
 */
export function HoldingCustomersPage({ holding }: { holding: MyHolding }) {
  const { t } = useTranslation('holding');
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const asked = Number(params.get('workspace'));
  const [query, setQuery] = useState<ListQuery & { firmId: number | null }>({
    search: '',
    includeDeactivated: false,
    page: 1,
    firmId: Number.isSafeInteger(asked) && asked > 0 ? asked : null,
  });
  useEffect(() => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), [search]);
  const firms = useHoldingDashboard(holding.id).data?.per_workspace ?? [];
  const result = useHoldingVendors(holding.id, query);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ListBar
        search={input}
        onSearch={setInput}
        searchLabel={t('customers.search')}
        firms={{
          value: query.firmId,
          options: firms.map((f) => ({ id: f.accounting_firm_id, name: f.name })),
          onChange: (firmId) => setQuery((q) => ({ ...q, firmId, page: 1 })),
        }}
        deactivated={{
          value: query.includeDeactivated,
          onChange: (includeDeactivated) => setQuery((q) => ({ ...q, includeDeactivated, page: 1 })),
        }}
      />
      <PagedList
        testId={HOLDING_IDS.customers}
        rows={result.data?.data}
        rowKey={(row) => row.id}
        pending={result.isPending}
        fetching={result.isFetching}
        error={result.isError}
        empty={t('customers.empty')}
        paging={{
          page: query.page,
          perPage: PAGE_SIZE,
          total: result.data?.total ?? 0,
          onPage: (page) => setQuery((q) => ({ ...q, page })),
        }}
        renderRow={(row) => (
          <li>
            <ListItemButton
              data-testid={HOLDING_IDS.customerRow(row.id)}
              onClick={() => navigate(`/customer/${encodeContext(row.accounting_firm_id, row.id)}/general`)}
            >
              <ListItemText
                primary={
                  <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Stack component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {row.company}
                    </Stack>
                    {row.deactivated_at ? <Chip size="small" label={t('status.deactivated')} /> : null}
                  </Stack>
                }
                secondary={
                  <>
                    <span>
                      {[row.client_code, row.siret, row.accounting_firm_name].filter(Boolean).join(' · ')}
                    </span>
                    <br />
                    <span>
                      {t('counts.users', { count: row.users })} ·{' '}
                      {t('counts.documents', { count: row.documents })}
                    </span>
                  </>
                }
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </li>
        )}
      />
    </Stack>
  );
}
