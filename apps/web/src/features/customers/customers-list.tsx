import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import type { VendorListItem } from '@portal/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { UnreadBadge } from '../../components/unread-badge';
import type { CustomersQuery, VendorSort } from './api';
import { identifierOf } from './customers-query';
import { StatusAction } from './status-action';

type Props = {
  rows: VendorListItem[];
  total: number;
  query: CustomersQuery;
  loading: boolean;
  /** Unread documents by client file id (the caller's). */
  unread?: ReadonlyMap<number, number>;
  onQuery: (patch: Partial<CustomersQuery>) => void;
  onOpen: (vendorId: number) => void;
};

const SORTS: VendorSort[] = [
  'company',
  '-company',
  'client_code',
  '-client_code',
  'created_at',
  '-created_at',
];

/** The client files as a simple list, for small screens. */
export function CustomersList({ rows, total, query, loading, unread, onQuery, onOpen }: Props) {
  const { t } = useTranslation('customers');
  return (
    <Paper sx={{ minWidth: 0 }} data-testid="customers-list">
      <Stack sx={{ p: 1.5, pb: 0 }}>
        <TextField
          select
          size="small"
          label={t('sortBy')}
          value={query.sort}
          onChange={(e) => onQuery({ sort: e.target.value as VendorSort, page: 1 })}
        >
          {SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`sorts.${s.replace('-', 'desc_')}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {loading ? <LinearProgress sx={{ mt: 1 }} /> : <Divider sx={{ mt: 1 }} />}
      <List disablePadding>
        {rows.map((row, index) => (
          <Fragment key={row.id}>
            {index > 0 ? <Divider component="li" /> : null}
            <ListItem disablePadding secondaryAction={<StatusAction vendor={row} />}>
              <ListItemButton onClick={() => onOpen(row.id)}>
                <ListItemText
                  primary={
                    <>
                      {row.company}
                      <UnreadBadge count={unread?.get(row.id)} />
                    </>
                  }
                  secondary={
                    <Stack
                      component="span"
                      direction="row"
                      sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
                    >
                      <span>{[row.client_code, identifierOf(row)].filter(Boolean).join(' · ')}</span>
                      {row.status === 'active' ? null : (
                        <Chip component="span" size="small" label={t(`client-file:status.${row.status}`)} />
                      )}
                    </Stack>
                  }
                  slotProps={{ primary: { noWrap: true }, secondary: { component: 'div' } }}
                />
              </ListItemButton>
            </ListItem>
          </Fragment>
        ))}
      </List>
      <TablePagination
        component="div"
        count={total}
        page={query.page - 1}
        rowsPerPage={query.perPage}
        rowsPerPageOptions={[]}
        onPageChange={(_e, page) => onQuery({ page: page + 1 })}
        labelDisplayedRows={({ from, to, count }) => t('range', { from, to, count })}
      />
    </Paper>
  );
}
