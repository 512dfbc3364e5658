import SearchIcon from '@mui/icons-material/Search';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { HOLDING_IDS } from './test-ids';

type Props = {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  /** "Show deactivated" (absent: no toggle). */
  deactivated?: { value: boolean; onChange: (value: boolean) => void };
  /** Filter by workspace (absent: no filter). */
  firms?: {
    value: number | null;
    options: { id: number; name: string }[];
    onChange: (id: number | null) => void;
  };
};

/** A holding list's search bar: the search, a workspace filter, "show deactivated". */
export function ListBar({ search, onSearch, searchLabel, deactivated, firms }: Props) {
  const { t } = useTranslation('holding');
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <TextField
          type="search"
          size="small"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          label={searchLabel}
          sx={{ flex: '1 1 auto', minWidth: 0 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': HOLDING_IDS.search },
          }}
        />
        {firms ? (
          <TextField
            select
            size="small"
            label={t('filters.workspace')}
            value={firms.value ?? ''}
            onChange={(e) => firms.onChange(e.target.value === '' ? null : Number(e.target.value))}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': HOLDING_IDS.firmFilter } }}
          >
            <MenuItem value="">{t('filters.allWorkspaces')}</MenuItem>
            {firms.options.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {deactivated ? (
          <FormControlLabel
            sx={{ flex: 'none', mr: 0 }}
            control={
              <Switch
                checked={deactivated.value}
                onChange={(e) => deactivated.onChange(e.target.checked)}
                slotProps={{ input: { 'data-testid': HOLDING_IDS.showDeactivated } as object }}
              />
            }
            label={t('filters.showDeactivated')}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
