import { frFR } from '@mui/x-data-grid/locales';

/** The DataGrid's own texts in fr (a chunk of its own: loaded only when fr is in use). */
export default frFR.components.MuiDataGrid.defaultProps.localeText;
