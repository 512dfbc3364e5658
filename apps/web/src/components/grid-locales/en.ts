import { enUS } from '@mui/x-data-grid/locales';

/** The DataGrid's own texts in en (a chunk of its own: loaded only when en is in use). */
export default enUS.components.MuiDataGrid.defaultProps.localeText;
