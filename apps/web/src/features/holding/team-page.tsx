import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { HoldingUser, MyHolding } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/app-navigate';
import { useDebounced } from '../team/use-debounced';
import { useHoldingDashboard, useHoldingUsers } from './api';
import { ListBar } from './list-bar';
import { PagedList } from './paged-list';
import { HOLDING_IDS } from './test-ids';

export const fullName = (u: Pick<HoldingUser, 'firstname' | 'lastname' | 'email'>) =>
  [u.firstname, u.lastname].filter(Boolean).join(' ') || u.email;

/** `holding/team`: every person of the holding's workspaces, with their role in each. */
export function HoldingTeamPage({ holding }: { holding: MyHolding }) {
  const { t } = useTranslation('holding');
  const navigate = useAppNavigate();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const [firmId, setFirmId] = useState<number | null>(null);
  const firms = useHoldingDashboard(holding.id).data?.per_workspace ?? [];
  const result = useHoldingUsers(holding.id, { search, firmId });
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <ListBar
        search={input}
        onSearch={setInput}
        searchLabel={t('team.search')}
        firms={{
          value: firmId,
          options: firms.map((f) => ({ id: f.accounting_firm_id, name: f.name })),
          onChange: setFirmId,
        }}
      />
      <PagedList
        testId={HOLDING_IDS.team}
        rows={result.data}
        rowKey={(row) => row.user_id}
        pending={result.isPending}
        fetching={result.isFetching}
        error={result.isError}
        empty={t('team.empty')}
        renderRow={(row) => (
          <li>
            <ListItemButton
              data-testid={HOLDING_IDS.personRow(row.user_id)}
              onClick={() => navigate(`/holding/team/users/${row.user_id}?holding=${holding.id}`)}
            >
              <ListItemText
                primary={
                  <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Stack component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {fullName(row)}
                    </Stack>
                    {row.holding_admin ? (
                      <Chip size="small" color="primary" label={t('team.holdingAdmin')} />
                    ) : null}
                  </Stack>
                }
                secondary={
                  <>
                    <span>{row.email}</span>
                    <br />
                    <span>
                      {row.workspaces
                        .map(
                          (w) =>
                            `${w.name} (${t(`roles.${w.role}`)}${w.is_group_admin ? `, ${t('team.groupAdmin')}` : ''})`,
                        )
                        .join(' · ')}
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
