import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppNavigate } from '../../app/app-navigate';
import { PageLoader } from '../../components/page-loader';
import { useDebounced } from '../team/use-debounced';
import { FIRMS_PAGE_SIZE, type FirmsQuery, usePlatformFirms } from './api';
import { FirmsEmpty } from './firms-empty';
import { FirmsGrid } from './firms-grid';
import { FirmsList } from './firms-list';
import { SaPageHeader } from './sa-page-header';
import { firmsPath } from './sections';
import { SA_IDS } from './test-ids';
import { useSaLink } from './use-sa-link';

/** `sa/accounting-firms`: every portal of the platform, with search and the deactivated ones on demand. */
export function FirmsPage() {
  const { t } = useTranslation('platform-admin');
  const navigate = useAppNavigate();
  const link = useSaLink();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const [query, setQuery] = useState<FirmsQuery>({
    search: '',
    includeDeactivated: false,
    page: 1,
    perPage: FIRMS_PAGE_SIZE,
  });
  useEffect(() => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), [search]);
  const result = usePlatformFirms(query);
  const rows = result.data?.data ?? [];
  const total = result.data?.total ?? 0;
  const open = (id: number) => navigate(firmsPath(id));
  const onPage = (page: number) => setQuery((q) => ({ ...q, page }));
  const list = { rows, total, query, loading: result.isFetching, onPage, onOpen: open };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid={SA_IDS.firms}>
      <SaPageHeader
        title={t('firms.title')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={link(firmsPath('create'))}
            data-testid={SA_IDS.newFirm}
          >
            {t('firms.new')}
          </Button>
        }
      />
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <TextField
            type="search"
            size="small"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            label={t('firms.search')}
            sx={{ flex: '1 1 auto', minWidth: 0 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'data-testid': SA_IDS.search },
            }}
          />
          <FormControlLabel
            sx={{ flex: 'none', mr: 0 }}
            control={
              <Switch
                checked={query.includeDeactivated}
                onChange={(e) => setQuery((q) => ({ ...q, includeDeactivated: e.target.checked, page: 1 }))}
                slotProps={{ input: { 'data-testid': SA_IDS.showDeactivated } as object }}
              />
            }
            label={t('firms.showDeactivated')}
          />
        </Stack>
      </Paper>
      {result.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      {result.isPending ? (
        <PageLoader />
      ) : total === 0 && !result.isFetching ? (
        <FirmsEmpty
          filtered={query.search !== '' || query.includeDeactivated}
          createTo={link(firmsPath('create'))}
        />
      ) : wide ? (
        <FirmsGrid {...list} />
      ) : (
        <FirmsList {...list} />
      )}
    </Stack>
  );
}
