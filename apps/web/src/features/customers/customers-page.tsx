import AddIcon from '@mui/icons-material/Add';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { encodeContext } from '@portal/contracts/context';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/app-navigate';
import { useUnreadDocuments } from '../../app/shared-api';
import { PageLoader } from '../../components/page-loader';
import { useWorkspace } from '../shell/workspace-context';
import { type CustomersQuery, FIRST_QUERY, useCustomers } from './api';
import { CustomersEmpty } from './customers-empty';
import { CustomersList } from './customers-list';
import { CustomersTable } from './customers-table';

const CreateWizard = lazy(() => import('./wizard/create-wizard').then((m) => ({ default: m.CreateWizard })));
const ImportDialog = lazy(() => import('./import/import-dialog').then((m) => ({ default: m.ImportDialog })));

/** A value that follows `value` once it has not changed for `delay` ms. */
function useDebounced<T>(value: T, delay = 350): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(id);
  }, [value, delay]);
  return debounced;
}

/** `customers/{context?}`: the firm's client files (accountants). */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const { firm } = useWorkspace();
  const navigate = useAppNavigate();
  const small = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput);
  const [query, setQuery] = useState<CustomersQuery>(FIRST_QUERY);
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  useEffect(() => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), [search]);
  const firmId = firm?.id ?? null;
  const result = useCustomers(firmId, query);
  // The caller's unread documents per client file: a read of its own (the list is per firm).
  const unread = useUnreadDocuments(firmId).data;

  if (!firm) return <PageLoader />;
  const open = (vendorId: number) => navigate(`/customer/${encodeContext(firm.id, vendorId)}/general`);
  const filtered = query.search.trim() !== '' || query.status !== 'active';
  const rows = result.data?.data ?? [];
  const total = result.data?.total ?? 0;
  const canCreate = firm.is_accountant;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 1 }}
      >
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        {canCreate ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              startIcon={<FileUploadIcon />}
              onClick={() => setDialog('import')}
              data-testid="customers-import"
            >
              {t('import.open')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog('create')}
              data-testid="customers-new"
            >
              {t('new')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            size="small"
            sx={{ flex: '1 1 auto', minWidth: 0, width: { xs: '100%', sm: 'auto' } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'data-testid': 'customers-search' },
            }}
          />
          <TextField
            select
            size="small"
            label={t('statusFilter')}
            value={query.status || 'all'}
            onChange={(e) =>
              setQuery((q) => ({
                ...q,
                status: e.target.value === 'all' ? '' : (e.target.value as CustomersQuery['status']),
                page: 1,
              }))
            }
            sx={{ flex: 'none', width: { xs: '100%', sm: 200 } }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'customers-status' } as object } }}
          >
            <MenuItem value="active">{t('status.active')}</MenuItem>
            <MenuItem value="deactivated">{t('status.deactivated')}</MenuItem>
            <MenuItem value="all">{t('status.all')}</MenuItem>
          </TextField>
        </Stack>
      </Paper>
      {result.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      {result.isPending ? (
        <PageLoader />
      ) : total === 0 && !result.isFetching ? (
        <CustomersEmpty filtered={filtered} canCreate={canCreate} onCreate={() => setDialog('create')} />
      ) : small ? (
        <CustomersList
          rows={rows}
          total={total}
          query={query}
          loading={result.isFetching}
          unread={unread}
          onQuery={(patch) => setQuery((q) => ({ ...q, ...patch }))}
          onOpen={open}
        />
      ) : (
        <Box sx={{ minWidth: 0 }} data-testid="customers-grid">
          <CustomersTable
            rows={rows}
            total={total}
            query={query}
            loading={result.isFetching}
            unread={unread}
            onQuery={(patch) => setQuery((q) => ({ ...q, ...patch }))}
            onOpen={open}
          />
        </Box>
      )}
      <Suspense fallback={null}>
        {dialog === 'create' ? (
          <CreateWizard
            firmId={firm.id}
            onClose={() => setDialog(null)}
            onCreated={(vendorId) => {
              setDialog(null);
              open(vendorId);
            }}
          />
        ) : null}
        {dialog === 'import' ? <ImportDialog firmId={firm.id} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </Stack>
  );
}
