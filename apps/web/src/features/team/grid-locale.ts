import { enUS, frFR, ptPT } from '@mui/x-data-grid/locales';

const LOCALES = { fr: frFR, en: enUS, pt: ptPT } as const;

/** The DataGrid's own texts in the interface language. */
export const gridLocaleText = (language: string) =>
  (LOCALES[language.slice(0, 2) as keyof typeof LOCALES] ?? frFR).components.MuiDataGrid.defaultProps
    .localeText;
