import { ptPT } from '@mui/x-data-grid/locales';

/** The DataGrid's own texts in pt (a chunk of its own: loaded only when pt is in use). */
export default ptPT.components.MuiDataGrid.defaultProps.localeText;
