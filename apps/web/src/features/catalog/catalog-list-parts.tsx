import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from '../../components/page-loader';

/** A catalogue list's search field and its "add" button (for those who manage the catalogue). */
export function SearchAddBar({
  label,
  value,
  onChange,
  addLabel,
  onAdd,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** No label: no button (the caller may not manage the catalogue). */
  addLabel: string | null;
  onAdd: () => void;
  /** `{testId}-search` and `{testId}-add`. */
  testId: string;
}) {
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        size="small"
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        sx={{ flex: 1, minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-search` } }}
      />
      {addLabel ? (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      ) : null}
    </Stack>
  );
}

/** A searched page's states: loading, refreshing, failed, empty (or nothing matching), else the rows. */
export function SearchedPage<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<{ data: T[] }, Error>;
  /** What an empty answer says (nothing yet, or nothing matching the search). */
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      {query.isFetching && query.data ? <LinearProgress /> : null}
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert severity="error">{query.error.message}</Alert>
      ) : query.data.data.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        children(query.data.data)
      )}
    </>
  );
}
