import Chip from '@mui/material/Chip';
import { DataGrid, type GridColDef, type GridRowParams } from '@mui/x-data-grid';
import type { VendorListItem } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridLocaleText } from '../../components/grid-locale';
import { UnreadBadge } from '../../components/unread-badge';
import type { CustomersQuery } from './api';
import { identifierOf, modelToSort, sortToModel } from './customers-query';
import { StatusAction } from './status-action';

type Props = {
  rows: VendorListItem[];
  total: number;
  query: CustomersQuery;
  loading: boolean;
  /** Unread documents by client file id (the caller's). */
  unread?: ReadonlyMap<number, number>;
  onQuery: (patch: Partial<CustomersQuery>) => void;
  onOpen: (vendorId: number) => void;
};

/** The client files in a DataGrid: server-side pages (25) and sorting. */
export function CustomersGrid({ rows, total, query, loading, unread, onQuery, onOpen }: Props) {
  const { t, i18n } = useTranslation('customers');
  const localeText = useGridLocaleText();
  const columns = useMemo<GridColDef<VendorListItem>[]>(
    () => [
      {
        field: 'company',
        headerName: t('columns.company'),
        flex: 2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <>
            {row.company}
            <UnreadBadge count={unread?.get(row.id)} />
          </>
        ),
      },
      { field: 'client_code', headerName: t('columns.client_code'), flex: 1, minWidth: 120 },
      {
        field: 'identifier',
        headerName: t('columns.identifier'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => identifierOf(row),
      },
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={row.status === 'active' ? 'success' : 'default'}
            label={t(`client-file:status.${row.status}`)}
          />
        ),
      },
      {
        field: 'created_at',
        headerName: t('columns.created_at'),
        width: 140,
        valueFormatter: (value: string) => new Date(value).toLocaleDateString(i18n.language),
      },
      {
        field: 'actions',
        headerName: '',
        width: 60,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => <StatusAction vendor={row} />,
      },
    ],
    [t, i18n.language, unread],
  );
  return (
    <DataGrid
      rows={rows}
      columns={columns}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      pageSizeOptions={[query.perPage]}
      paginationModel={{ page: query.page - 1, pageSize: query.perPage }}
      onPaginationModelChange={(m) => onQuery({ page: m.page + 1 })}
      sortModel={sortToModel(query.sort)}
      onSortModelChange={(m) => onQuery({ sort: modelToSort(m), page: 1 })}
      onRowClick={(p: GridRowParams<VendorListItem>) => onOpen(p.row.id)}
      localeText={localeText}
      autoHeight
      sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
    />
  );
}
