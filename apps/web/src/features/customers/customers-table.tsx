import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { VendorListItem } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { UnreadBadge } from '../../components/unread-badge';
import type { CustomersQuery } from './api';
import { identifierOf, modelToSort, type SortField, sortToModel } from './customers-query';
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

/** A sortable column's header: a click sorts by it, ascending first, then the other way. */
function SortHeader({
  field,
  query,
  onQuery,
  width,
}: {
  field: SortField;
  query: CustomersQuery;
  onQuery: Props['onQuery'];
  width?: number;
}) {
  const { t } = useTranslation('customers');
  const [current] = sortToModel(query.sort);
  const active = current?.field === field;
  const direction = active ? current.sort : 'asc';
  return (
    <TableCell sx={{ width, fontWeight: 600 }} sortDirection={active ? direction : false}>
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() =>
          onQuery({
            sort: modelToSort([{ field, sort: active && direction === 'asc' ? 'desc' : 'asc' }]),
            page: 1,
          })
        }
      >
        {t(`columns.${field}`)}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * The client files on a wide screen: server-side pages (25) and sorting, in MUI's plain table
 * (a few KB) rather than MUI X's DataGrid (~400 KB to fetch and compile before the first row).
 */
export function CustomersTable({ rows, total, query, loading, unread, onQuery, onOpen }: Props) {
  const { t, i18n } = useTranslation('customers');
  return (
    <Paper sx={{ minWidth: 0 }}>
      <TableContainer>
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              <SortHeader field="company" query={query} onQuery={onQuery} />
              <SortHeader field="client_code" query={query} onQuery={onQuery} />
              <TableCell sx={{ fontWeight: 600 }}>{t('columns.identifier')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 130 }}>{t('columns.status')}</TableCell>
              <SortHeader field="created_at" query={query} onQuery={onQuery} width={140} />
              <TableCell sx={{ width: 60 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.id}
                hover
                tabIndex={0}
                onClick={() => onOpen(row.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(row.id);
                }}
                sx={{ cursor: 'pointer', '& td': { height: 52 } }}
              >
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {row.company}
                  <UnreadBadge count={unread?.get(row.id)} />
                </TableCell>
                <TableCell>{row.client_code}</TableCell>
                <TableCell>{identifierOf(row)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={row.status === 'active' ? 'success' : 'default'}
                    label={t(`client-file:status.${row.status}`)}
                  />
                </TableCell>
                <TableCell>{new Date(row.created_at).toLocaleDateString(i18n.language)}</TableCell>
                <TableCell padding="checkbox">
                  <StatusAction vendor={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {loading ? <LinearProgress /> : null}
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
