import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { ApiBridge } from './api-bridge';
import { DocumentHead } from './document-head';
import { Snackbars } from './snackbars';
import { buildTheme } from './theme';
import { UpdateChecker } from './update-checker';
import { useDarkMode } from './use-dark-mode';
import { pickWhiteLabel, useWhiteLabel } from './white-label';

/** The frame of every page: white-label theme (light or dark), snackbars, head, update check. */
export function RootLayout() {
  const whiteLabel = useWhiteLabel();
  const { dark } = useDarkMode();
  const label = pickWhiteLabel(whiteLabel.data, dark);
  const theme = useMemo(() => buildTheme(label, dark), [label, dark]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ApiBridge />
      <DocumentHead label={label} />
      <UpdateChecker />
      <Outlet />
      <Snackbars />
    </ThemeProvider>
  );
}
