import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
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
  // Built again only when its colours change: the same white label answered for another firm
  // (the host's, then the signed-in firm's) re-renders nothing.
  const primary = label?.primary_color;
  const secondary = label?.secondary_color;
  const theme = useMemo(
    () =>
      buildTheme(
        primary === undefined || secondary === undefined
          ? null
          : { primary_color: primary, secondary_color: secondary },
        dark,
      ),
    [primary, secondary, dark],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ApiBridge />
      <DocumentHead label={label} />
      <UpdateChecker />
      {/* A page whose translations are not loaded yet waits here (i18n.ts loads them on demand). */}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <Snackbars />
    </ThemeProvider>
  );
}
