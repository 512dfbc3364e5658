import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
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
import type { Member, MemberDetail, VendorListItem } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { useGridLocaleText } from '../../components/grid-locale';
import { PageLoader } from '../../components/page-loader';
import { accessByVendor, memberName, type VendorAccess, withAssignment, withoutAssignment } from './access';
import { useFetchMember, useFirmVendors, useMemberDetails, useMembers, useSetAssignments } from './api';
import { TEAM_IDS } from './test-ids';
import { useDebounced } from './use-debounced';

type Props = { firmId: number; canManage: boolean; onOpenMember: (userId: number) => void };

/** Client files as rows with the number of members reaching them; a click lists those members. */
export function CompaniesPage({ firmId, canManage, onOpenMember }: Props) {
  const { t } = useTranslation('team');
  const gridLocaleText = useGridLocaleText();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const [openId, setOpenId] = useState<number | null>(null);
  const vendors = useFirmVendors(firmId, search);
  const members = useMembers(firmId);
  // Assignments are only on each member's detail (see the report: no per-client-file endpoint).
  const withFiles = (members.data ?? []).filter((m) => m.role !== 'admin' && m.vendor_count > 0);
  const detailQueries = useMemberDetails(
    firmId,
    withFiles.map((m) => m.user_id),
  );
  const details = new Map<number, MemberDetail>();
  for (const q of detailQueries) if (q.data) details.set(q.data.user_id, q.data);
  const rows = vendors.data?.data ?? [];
  // A few members and at most 100 client files: cheap enough to compute on each render.
  const access = accessByVendor(
    rows.map((v) => v.id),
    members.data ?? [],
    details,
  );
  const counting = members.isPending || detailQueries.some((q) => q.isPending);
  const open = rows.find((v) => v.id === openId) ?? null;

  const columns: GridColDef<VendorListItem>[] = [
    { field: 'company', headerName: t('companies.company'), flex: 1.4, minWidth: 200 },
    { field: 'client_code', headerName: t('companies.clientCode'), flex: 0.8, minWidth: 120 },
    {
      field: 'members',
      headerName: t('companies.members'),
      flex: 0.8,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, row) => access.get(row.id)?.length ?? 0,
      renderCell: ({ value }) => (counting ? '…' : t('companies.count', { count: value as number })),
    },
  ];

  return (
    <Stack spacing={2} data-testid={TEAM_IDS.companies}>
      <TextField
        size="small"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        placeholder={t('companies.search')}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': t('companies.search') },
        }}
      />
      {vendors.isPending ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {search ? t('companies.noMatch', { search }) : t('companies.none')}
          </Typography>
        </Paper>
      ) : wide ? (
        <Paper sx={{ overflow: 'hidden' }}>
          <DataGrid<VendorListItem>
            rows={rows}
            columns={columns}
            loading={vendors.isFetching}
            onRowClick={({ row }) => setOpenId(row.id)}
            localeText={gridLocaleText}
            disableRowSelectionOnClick
            disableColumnMenu
            autoHeight
            pageSizeOptions={[25, 50, 100]}
            initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
            hideFooter={rows.length <= 25}
            sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Paper>
      ) : (
        <Paper>
          <List disablePadding>
            {rows.map((v, i) => (
              <ListItemButton key={v.id} divider={i < rows.length - 1} onClick={() => setOpenId(v.id)}>
                <ListItemText
                  primary={v.company}
                  secondary={`${v.client_code} · ${counting ? '…' : t('companies.count', { count: access.get(v.id)?.length ?? 0 })}`}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {vendors.data && vendors.data.total > rows.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('companies.more', { shown: rows.length, total: vendors.data.total })}
        </Typography>
      ) : null}
      {open ? (
        <CompanyMembersDialog
          firmId={firmId}
          vendor={open}
          access={access.get(open.id) ?? []}
          members={members.data ?? []}
          details={details}
          canManage={canManage}
          onClose={() => setOpenId(null)}
          onOpenMember={onOpenMember}
        />
      ) : null}
    </Stack>
  );
}

type DialogProps = {
  firmId: number;
  vendor: VendorListItem;
  access: VendorAccess[];
  members: Member[];
  details: ReadonlyMap<number, MemberDetail>;
  canManage: boolean;
  onClose: () => void;
  onOpenMember: (userId: number) => void;
};

/** Members reaching one client file, with quick add and removal of a member's assignment. */
function CompanyMembersDialog({
  firmId,
  vendor,
  access,
  members,
  details,
  canManage,
  onClose,
  onOpenMember,
}: DialogProps) {
  const { t } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [busy, setBusy] = useState(false);
  const [toAdd, setToAdd] = useState<Member | null>(null);
  const fetchMember = useFetchMember(firmId);
  const setAssignments = useSetAssignments(firmId);
  const reached = new Set(access.filter((a) => a.via !== 'all').map((a) => a.member.user_id));
  const candidates = members.filter((m) => m.role !== 'admin' && !reached.has(m.user_id));

  const change = async (
    member: Member,
    next: (list: MemberDetail['assignments']) => MemberDetail['assignments'],
  ) => {
    setBusy(true);
    try {
      // Never replace a set not read yet: a member with client files is read first.
      const known = details.get(member.user_id)?.assignments;
      const current =
        known ?? (member.vendor_count > 0 ? (await fetchMember(member.user_id)).assignments : []);
      await setAssignments.mutateAsync({ userId: member.user_id, list: next(current) });
      enqueueSnackbar(t('files.saved'), { variant: 'success' });
    } catch {
      // Told by the API client.
    } finally {
      setBusy(false);
    }
  };
  const shown = { vendor_id: vendor.id, company: vendor.company, client_code: vendor.client_code };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      data-testid={TEAM_IDS.companyDialog}
    >
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>
        {vendor.company}{' '}
        <Typography component="span" color="text.secondary">
          ({vendor.client_code})
        </Typography>
      </DialogTitle>
      <DialogContent>
        {access.length === 0 ? (
          <Typography color="text.secondary">{t('companies.nobody')}</Typography>
        ) : (
          <List dense disablePadding>
            {access.map((a) => (
              <ListItem
                key={a.member.user_id}
                divider
                sx={{ flexWrap: 'wrap', columnGap: 1 }}
                secondaryAction={
                  canManage && a.via === 'assignment' ? (
                    <IconButton
                      edge="end"
                      disabled={busy}
                      aria-label={t('companies.removeMember', { name: memberName(a.member) })}
                      onClick={() => change(a.member, (list) => withoutAssignment(list, vendor.id))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  ) : null
                }
              >
                <ListItemText
                  primary={
                    <Button
                      size="small"
                      sx={{ p: 0, minWidth: 0, textTransform: 'none' }}
                      onClick={() => onOpenMember(a.member.user_id)}
                    >
                      {memberName(a.member)}
                    </Button>
                  }
                  secondary={a.member.email}
                  sx={{ flex: '1 1 160px', minWidth: 0 }}
                />
                <Box
                  sx={{
                    mr: canManage && a.via === 'assignment' ? 4 : 0,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                  }}
                >
                  {a.via === 'assignment' ? (
                    <FormControlLabel
                      disabled={!canManage || busy}
                      control={
                        <Switch
                          size="small"
                          checked={a.readOnly}
                          onChange={(e) =>
                            change(a.member, (list) =>
                              withAssignment(list, { ...shown, read_only: e.target.checked }),
                            )
                          }
                        />
                      }
                      label={t(a.readOnly ? 'mode.readOnly' : 'mode.readWrite')}
                    />
                  ) : (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(a.via === 'role' ? 'companies.viaRole' : 'companies.viaAll')}
                    />
                  )}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
        {canManage ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 2, alignItems: { sm: 'center' } }}
          >
            <Autocomplete<Member, false, false, false>
              sx={{ flex: 1 }}
              options={candidates}
              value={toAdd}
              onChange={(_e, m) => setToAdd(m)}
              getOptionLabel={(m) => `${memberName(m)} (${m.email})`}
              isOptionEqualToValue={(a, b) => a.user_id === b.user_id}
              noOptionsText={t('companies.noCandidate')}
              renderInput={(params) => (
                <TextField {...params} size="small" label={t('companies.addMember')} />
              )}
            />
            <Button
              variant="contained"
              disabled={!toAdd || busy}
              onClick={async () => {
                if (!toAdd) return;
                await change(toAdd, (list) => withAssignment(list, { ...shown, read_only: false }));
                setToAdd(null);
              }}
            >
              {t('companies.add')}
            </Button>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close', { ns: 'common' })}</Button>
      </DialogActions>
    </Dialog>
  );
}
