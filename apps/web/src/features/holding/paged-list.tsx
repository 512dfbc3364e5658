import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';

type Props<T> = {
  rows: T[] | undefined;
  rowKey: (row: T) => number;
  renderRow: (row: T) => ReactNode;
  pending: boolean;
  fetching: boolean;
  error: boolean;
  empty: string;
  testId: string;
  /** Absent: no pagination (the whole list). */
  paging?: { page: number; perPage: number; total: number; onPage: (page: number) => void };
};

/** A holding list: one line a row at every width, pages at the bottom. */
export function PagedList<T>({
  rows,
  rowKey,
  renderRow,
  pending,
  fetching,
  error,
  empty,
  testId,
  paging,
}: Props<T>) {
  const { t } = useTranslation('holding');
  if (error) return <Alert severity="error">{t('loadError')}</Alert>;
  if (pending) return <PageLoader />;
  return (
    <Paper sx={{ minWidth: 0 }} data-testid={testId}>
      {fetching ? <LinearProgress /> : null}
      {rows && rows.length > 0 ? (
        <List disablePadding>
          {rows.map((row, index) => (
            <Fragment key={rowKey(row)}>
              {index > 0 ? <Divider component="li" /> : null}
              {renderRow(row)}
            </Fragment>
          ))}
        </List>
      ) : (
        <Typography sx={{ p: 3 }} color="text.secondary">
          {empty}
        </Typography>
      )}
      {paging ? (
        <TablePagination
          component="div"
          count={paging.total}
          page={paging.page - 1}
          rowsPerPage={paging.perPage}
          rowsPerPageOptions={[]}
          onPageChange={(_e, page) => paging.onPage(page + 1)}
          labelDisplayedRows={({ from, to, count }) => t('range', { from, to, count })}
        />
      ) : null}
    </Paper>
  );
}
