import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { FirmStatusChip } from './firm-status-chip';
import type { FirmsViewProps } from './firms-grid';
import { SA_IDS } from './test-ids';

/** The portals as a list, for small screens: name, domain and holding, counts, status. */
export function FirmsList({ rows, total, query, loading, onPage, onOpen }: FirmsViewProps) {
  const { t } = useTranslation('platform-admin');
  return (
    <Paper sx={{ minWidth: 0 }} data-testid={SA_IDS.firmsList}>
      {loading ? <LinearProgress /> : null}
      <List disablePadding>
        {rows.map((row, index) => (
          <Fragment key={row.id}>
            {index > 0 ? <Divider component="li" /> : null}
            <li>
              <ListItemButton onClick={() => onOpen(row.id)}>
                <ListItemText
                  primary={
                    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Stack component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {row.name}
                      </Stack>
                      <FirmStatusChip firm={row} />
                    </Stack>
                  }
                  secondary={
                    <>
                      <span>
                        {[row.domain, row.holding?.name ?? t('holding.standalone')]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      <br />
                      <span>
                        {t('counts.members', { count: row.member_count })} ·{' '}
                        {t('counts.vendors', { count: row.vendor_count })}
                      </span>
                    </>
                  }
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </li>
          </Fragment>
        ))}
      </List>
      <TablePagination
        component="div"
        count={total}
        page={query.page - 1}
        rowsPerPage={query.perPage}
        rowsPerPageOptions={[]}
        onPageChange={(_e, page) => onPage(page + 1)}
        labelDisplayedRows={({ from, to, count }) => t('range', { from, to, count })}
      />
    </Paper>
  );
}
