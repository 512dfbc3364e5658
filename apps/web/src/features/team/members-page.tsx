import InfoIcon from '@mui/icons-material/InfoOutlined';
import AddIcon from '@mui/icons-material/PersonAddAlt1';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { Member } from '@portal/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridLocaleText } from '../../components/grid-locale';
import { PageLoader } from '../../components/page-loader';
import { memberInitials, memberName } from './access';
import { useMembers } from './api';
import { AccessChips, MemberBadges } from './member-chips';
import { TEAM_IDS } from './test-ids';
import { useDebounced } from './use-debounced';

// The dialogs (the invitation form and its schemas, the rights table) load when first opened.
const AddMemberDialog = lazy(() =>
  import('./add-member-dialog').then((m) => ({ default: m.AddMemberDialog })),
);
const RightsInfoDialog = lazy(() =>
  import('./rights-info-dialog').then((m) => ({ default: m.RightsInfoDialog })),
);

type Props = {
  firmId: number;
  canManage: boolean;
  /** Whether the user may make someone group admin (a holding administrator, the super admin). */
  canGrantGroupAdmin: boolean;
  onOpen: (userId: number) => void;
};

/** The collaborator matrix: members as rows; a collaborator shows once assigned (spec section 2). */
export function MembersPage({ firmId, canManage, canGrantGroupAdmin, onOpen }: Props) {
  const { t } = useTranslation('team');
  const gridLocaleText = useGridLocaleText();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const [assignedOnly, setAssignedOnly] = useState(true);
  const [adding, setAdding] = useState(false);
  const [rightsInfo, setRightsInfo] = useState(false);
  // Once opened, a dialog stays mounted so that it closes with its transition.
  const [opened, setOpened] = useState({ adding: false, rightsInfo: false });
  const openAdding = () => {
    setOpened((o) => ({ ...o, adding: true }));
    setAdding(true);
  };
  const openRightsInfo = () => {
    setOpened((o) => ({ ...o, rightsInfo: true }));
    setRightsInfo(true);
  };
  const members = useMembers(firmId, search, assignedOnly);
  const rows = members.data ?? [];

  const columns = useMemo<GridColDef<Member>[]>(
    () => [
      {
        field: 'name',
        headerName: t('columns.name'),
        flex: 1,
        minWidth: 180,
        valueGetter: (_v, m) => memberName(m),
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>
              {memberInitials(row)}
            </Avatar>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {memberName(row)}
            </Typography>
          </Stack>
        ),
      },
      { field: 'email', headerName: t('columns.email'), flex: 1, minWidth: 170 },
      {
        field: 'role',
        headerName: t('columns.role'),
        width: 150,
        valueGetter: (_v, m) => t(`role.${m.role}`),
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <MemberBadges member={row} />
          </Box>
        ),
      },
      {
        field: 'access',
        headerName: t('columns.access'),
        width: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <AccessChips member={row} />
          </Box>
        ),
      },
    ],
    [t],
  );

  const empty = (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', p: 4 }} data-testid={TEAM_IDS.empty}>
      <Typography variant="h6" component="p">
        {search ? t('empty.searchTitle') : assignedOnly ? t('empty.assignedTitle') : t('empty.noneTitle')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ maxWidth: 460 }}>
        {search
          ? t('empty.searchBody', { search })
          : assignedOnly
            ? t('empty.assignedBody')
            : t('empty.noneBody')}
      </Typography>
      {assignedOnly && !search ? (
        <Button onClick={() => setAssignedOnly(false)}>{t('empty.showAll')}</Button>
      ) : null}
    </Stack>
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
        useFlexGap
      >
        <TextField
          size="small"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder={t('search')}
          sx={{ flex: { sm: '1 1 240px' }, maxWidth: { sm: 360 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': t('search'), 'data-testid': TEAM_IDS.search },
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={assignedOnly}
              onChange={(e) => setAssignedOnly(e.target.checked)}
              slotProps={{ input: { 'data-testid': TEAM_IDS.assignedOnly } as object }}
            />
          }
          label={t('assignedOnly')}
        />
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' }, flexWrap: 'wrap' }} useFlexGap>
          <Button startIcon={<InfoIcon />} onClick={openRightsInfo} data-testid={TEAM_IDS.rightsInfo}>
            {t('rights.open')}
          </Button>
          {canManage ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={openAdding}
              data-testid={TEAM_IDS.add}
            >
              {t('add.open')}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      {members.isPending ? (
        <PageLoader />
      ) : wide ? (
        <Paper sx={{ width: '100%', overflow: 'hidden' }}>
          <DataGrid<Member>
            data-testid={TEAM_IDS.matrix}
            rows={rows}
            columns={columns}
            getRowId={(m) => m.user_id}
            loading={members.isFetching}
            onRowClick={({ row }) => onOpen(row.user_id)}
            localeText={gridLocaleText}
            disableRowSelectionOnClick
            disableColumnMenu
            autoHeight
            rowHeight={56}
            pageSizeOptions={[25, 50, 100]}
            initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
            hideFooter={rows.length <= 25}
            slots={{ noRowsOverlay: () => empty, noResultsOverlay: () => empty }}
            sx={{
              border: 0,
              '& .MuiDataGrid-row': { cursor: 'pointer' },
              '--DataGrid-overlayHeight': '220px',
            }}
          />
        </Paper>
      ) : rows.length === 0 ? (
        <Paper>{empty}</Paper>
      ) : (
        <Paper>
          <List disablePadding data-testid={TEAM_IDS.matrixList}>
            {rows.map((m, i) => (
              <ListItemButton
                key={m.user_id}
                divider={i < rows.length - 1}
                onClick={() => onOpen(m.user_id)}
                sx={{ alignItems: 'flex-start' }}
              >
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: 'primary.main' }}>{memberInitials(m)}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={memberName(m)}
                  secondary={
                    <Stack spacing={0.75} sx={{ mt: 0.25 }}>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {m.email}
                      </Typography>
                      <MemberBadges member={m} />
                      <AccessChips member={m} />
                    </Stack>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      <Suspense fallback={null}>
        {canManage && opened.adding ? (
          <AddMemberDialog
            firmId={firmId}
            open={adding}
            canGrantGroupAdmin={canGrantGroupAdmin}
            onClose={() => setAdding(false)}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {opened.rightsInfo ? (
          <RightsInfoDialog open={rightsInfo} onClose={() => setRightsInfo(false)} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
