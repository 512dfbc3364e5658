import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEARCH_TYPES, type SearchHit } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { viewerPath } from '../documents/paths';
import { useWorkspace } from '../shell/workspace-context';
import { type SearchParams, useSearch } from './api';
import { excerptParts, parseSearchParams, searchParamsOf } from './search-params';

function Excerpt({ hit }: { hit: SearchHit }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {excerptParts(hit.excerpt, hit.highlights).map((part, i) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
          <Box component="mark" key={i} sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 0.25 }}>
            {part.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

/**
 * `search/{context}?q=`: the documents of the firm the person may open (firm side: the client
 * files they open; client side: their companies) whose name or content holds the words, ranked,
 * with filters; a hit opens in the viewer.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation('search');
  const { firm, vendors } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const [typed, setTyped] = useState(state.q);
  useEffect(() => setTyped(state.q), [state.q]);
  const side = firm?.is_accountant ? 'firm' : 'client';
  const query = useSearch(firm?.id ?? null, side, state);
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (query.error) enqueueSnackbar(query.error.message, { variant: 'error', preventDuplicate: true });
  }, [query.error, enqueueSnackbar]);

  const apply = (change: Partial<SearchParams>) =>
    setParams(searchParamsOf({ ...state, page: 1, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: typed.trim() });
  };
  const vendorName = (id: number) => vendors.find((v) => v.id === id)?.company ?? '';
  const answer = query.data;

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" onSubmit={submit} spacing={2}>
          <TextField
            label={t('query')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'search-page-input' } }}
            type="search"
            fullWidth
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              label={t('type')}
              value={state.type ?? ''}
              onChange={(e) => apply({ type: (e.target.value || undefined) as SearchParams['type'] })}
              sx={{ minWidth: 160 }}
              size="small"
            >
              <MenuItem value="">{t('types.all')}</MenuItem>
              {SEARCH_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('from')}
              type="date"
              size="small"
              value={state.from ?? ''}
              onChange={(e) => apply({ from: e.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('to')}
              type="date"
              size="small"
              value={state.to ?? ''}
              onChange={(e) => apply({ to: e.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={state.validated ?? false}
                  onChange={(e) => apply({ validated: e.target.checked || undefined })}
                />
              }
              label={t('validated')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={state.unread ?? false}
                  onChange={(e) => apply({ unread: e.target.checked || undefined })}
                />
              }
              label={t('unread')}
            />
          </Stack>
        </Stack>
      </Paper>
      {state.q === '' ? (
        <Typography color="text.secondary">{t('hint')}</Typography>
      ) : query.isPending ? (
        <PageLoader />
      ) : answer ? (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="search-total">
            {t('total', { count: answer.total, formatted: answer.total.toLocaleString(i18n.language) })}
          </Typography>
          {answer.data.length === 0 ? (
            <Alert severity="info">{t('none')}</Alert>
          ) : (
            <Stack
              spacing={1}
              component="ol"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
              data-testid="search-results"
            >
              {answer.data.map((hit) => (
                <Paper
                  component="li"
                  variant="outlined"
                  key={hit.id}
                  sx={{ p: 1.5 }}
                  data-testid="search-hit"
                >
                  <Link
                    component={RouterLink}
                    to={viewerPath(encodeContext(firm!.id, hit.vendor_id), hit.folder_id, hit.id)}
                    sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                    data-testid="search-hit-link"
                  >
                    {hit.name}
                  </Link>
                  {vendorName(hit.vendor_id) ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {vendorName(hit.vendor_id)} ·{' '}
                      {new Date(hit.updated_at).toLocaleDateString(i18n.language)}
                    </Typography>
                  ) : null}
                  <Excerpt hit={hit} />
                </Paper>
              ))}
            </Stack>
          )}
          {answer.last_page > 1 ? (
            <Pagination
              count={answer.last_page}
              page={answer.current_page}
              onChange={(_e, page) => setParams(searchParamsOf({ ...state, page }))}
              sx={{ alignSelf: 'center' }}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
