import Box from '@mui/material/Box';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { PlatformFirm } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridLocaleText } from '../../components/grid-locale';
import type { FirmsQuery } from './api';
import { FirmStatusChip } from './firm-status-chip';
import { SA_IDS } from './test-ids';

/** What the grid and the small-screen list both take. */
export type FirmsViewProps = {
  rows: PlatformFirm[];
  total: number;
  query: FirmsQuery;
  loading: boolean;
  onPage: (page: number) => void;
  onOpen: (firmId: number) => void;
};

const centred = { display: 'flex', alignItems: 'center', height: '100%' } as const;

/** The portals in a DataGrid (wide screens): pages from the server, a row opens the portal. */
export function FirmsGrid({ rows, total, query, loading, onPage, onOpen }: FirmsViewProps) {
  const { t } = useTranslation('platform-admin');
  const gridLocaleText = useGridLocaleText();
  const columns = useMemo<GridColDef<PlatformFirm>[]>(
    () => [
      { field: 'name', headerName: t('columns.name'), flex: 2, minWidth: 180 },
      {
        field: 'domain',
        headerName: t('columns.domain'),
        flex: 1.5,
        minWidth: 150,
        valueGetter: (_v, row) => row.domain ?? '—',
      },
      {
        field: 'holding',
        headerName: t('columns.holding'),
        flex: 1.5,
        minWidth: 150,
        valueGetter: (_v, row) => row.holding?.name ?? t('holding.standalone'),
      },
      { field: 'member_count', headerName: t('columns.members'), type: 'number', width: 120 },
      { field: 'vendor_count', headerName: t('columns.vendors'), type: 'number', width: 130 },
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 130,
        renderCell: ({ row }) => (
          <Box sx={centred}>
            <FirmStatusChip firm={row} />
          </Box>
        ),
      },
    ],
    [t],
  );
  return (
    <Box sx={{ minWidth: 0 }} data-testid={SA_IDS.firmsGrid}>
      <DataGrid<PlatformFirm>
        rows={rows}
        columns={columns}
        rowCount={total}
        loading={loading}
        paginationMode="server"
        disableColumnFilter
        disableColumnMenu
        disableColumnSorting
        disableRowSelectionOnClick
        pageSizeOptions={[query.perPage]}
        paginationModel={{ page: query.page - 1, pageSize: query.perPage }}
        onPaginationModelChange={(m) => onPage(m.page + 1)}
        onRowClick={({ row }) => onOpen(row.id)}
        localeText={gridLocaleText}
        autoHeight
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Box>
  );
}
