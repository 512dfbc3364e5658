import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TaskCompany, TaskStatus } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemesSelect } from '../themes/theme-bits';
import { useFirmMembers, useThemes } from './api';
import { EMPTY_FILTERS, isFiltered, QUICK_FILTERS, STATUSES, type TaskFilters, TYPES } from './task-filters';
import type { TaskRights } from './task-rights';

type Props = {
  firmId: number;
  filters: TaskFilters;
  rights: TaskRights;
  companies: TaskCompany[];
  onChange: (patch: Partial<TaskFilters>) => void;
};

/** The spec's task filters; on a phone all but the search and quick filters fold away. */
export function TaskFiltersBar({ firmId, filters, rights, companies, onChange }: Props) {
  const { t } = useTranslation('tasks');
  const small = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState(filters.search);
  // The search reaches the URL (and the server) once typing pauses.
  useEffect(() => {
    if (search === filters.search) return;
    const id = setTimeout(() => onChange({ search }), 350);
    return () => clearTimeout(id);
  }, [search, filters.search, onChange]);
  useEffect(() => setSearch(filters.search), [filters.search]);

  const more = (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        gap: 2,
        pt: 2,
      }}
    >
      <TextField
        select
        size="small"
        label={t('filters.statuses')}
        value={filters.statuses}
        onChange={(e) => onChange({ statuses: e.target.value as unknown as TaskStatus[] })}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (v) => (v as string[]).map((s) => t(`status.${s}`)).join(', '),
            SelectDisplayProps: { 'data-testid': 'filter-statuses' } as object,
          },
        }}
      >
        {STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        size="small"
        options={companies}
        value={companies.filter((c) => filters.companies.includes(c.vendor_id))}
        getOptionLabel={(c) => c.company}
        isOptionEqualToValue={(a, b) => a.vendor_id === b.vendor_id}
        renderOption={({ key, ...props }, c) => (
          <li key={key} {...props}>
            <Box sx={{ flex: 1 }}>{c.company}</Box>
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              {t('filters.companyCount', { open: c.to_do + c.in_progress, overdue: c.overdue })}
            </Box>
          </li>
        )}
        onChange={(_e, picked) => onChange({ companies: picked.map((c) => c.vendor_id) })}
        renderInput={(params) => <TextField {...params} label={t('filters.companies')} />}
      />
      <TextField
        select
        size="small"
        label={t('filters.types')}
        value={filters.types}
        onChange={(e) => onChange({ types: e.target.value as unknown as string[] })}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (v) => (v as string[]).map((s) => t(`type.${s}`)).join(', '),
          },
        }}
      >
        {TYPES.filter((type) => rights.firmSide || type !== 'internal').map((type) => (
          <MenuItem key={type} value={type}>
            {t(`type.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {rights.firmSide ? <MembersFilter firmId={firmId} filters={filters} onChange={onChange} /> : null}
      {rights.firmSide ? <ThemesFilter firmId={firmId} filters={filters} onChange={onChange} /> : null}
      <TextField
        size="small"
        type="date"
        label={t('filters.afterDate')}
        value={filters.afterDate}
        onChange={(e) => onChange({ afterDate: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.beforeDate || undefined } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('filters.beforeDate')}
        value={filters.beforeDate}
        onChange={(e) => onChange({ beforeDate: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.afterDate || undefined } }}
      />
      {rights.firmSide ? (
        <TextField
          select
          size="small"
          label={t('filters.internal')}
          value={filters.internal === null ? 'all' : filters.internal ? 'only' : 'none'}
          onChange={(e) =>
            onChange({ internal: e.target.value === 'all' ? null : e.target.value === 'only' })
          }
        >
          <MenuItem value="all">{t('filters.internalAll')}</MenuItem>
          <MenuItem value="only">{t('filters.internalOnly')}</MenuItem>
          <MenuItem value="none">{t('filters.internalNone')}</MenuItem>
        </TextField>
      ) : null}
      {rights.firmAdmin ? (
        <FormControlLabel
          control={
            <Switch
              checked={filters.adminMode}
              onChange={(e) => onChange({ adminMode: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'filter-admin-mode' } as object }}
            />
          }
          label={t('filters.adminMode')}
          title={t('filters.adminModeHelp')}
        />
      ) : null}
    </Box>
  );

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, alignItems: { md: 'center' } }}>
        <TextField
          type="search"
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={t('filters.search')}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'tasks-search', maxLength: 100 },
          }}
        />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filters.quick}
            onChange={(_e, quick) => onChange({ quick })}
            aria-label={t('filters.quick')}
          >
            {QUICK_FILTERS.map((q) => (
              <ToggleButton key={q} value={q} data-testid={`quick-${q}`}>
                {t(`filters.${q}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {small ? (
            <Button startIcon={<FilterListIcon />} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {t('filters.more')}
            </Button>
          ) : null}
          {isFiltered(filters) ? (
            <Button
              onClick={() => {
                setSearch('');
                onChange({ ...EMPTY_FILTERS, view: filters.view, adminMode: filters.adminMode });
              }}
            >
              {t('filters.clear')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {small ? <Collapse in={open}>{more}</Collapse> : more}
    </Paper>
  );
}

function MembersFilter({ firmId, filters, onChange }: Pick<Props, 'firmId' | 'filters' | 'onChange'>) {
  const { t } = useTranslation('tasks');
  const members = useFirmMembers(firmId, true);
  const options = (members.data ?? []).map((m) => ({
    id: m.user_id,
    label: [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email,
  }));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={options.filter((o) => filters.members.includes(o.id))}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, picked) => onChange({ members: picked.map((p) => p.id) })}
      renderInput={(params) => <TextField {...params} label={t('filters.members')} />}
    />
  );
}

function ThemesFilter({ firmId, filters, onChange }: Pick<Props, 'firmId' | 'filters' | 'onChange'>) {
  const { t } = useTranslation('tasks');
  const themes = useThemes(firmId);
  return (
    <ThemesSelect
      size="small"
      themes={themes.data ?? []}
      value={filters.themes}
      onChange={(ids) => onChange({ themes: ids })}
      label={t('filters.themes')}
      testId="filter-themes"
    />
  );
}
