import Button from '@mui/material/Button';
import { UPDATE_CHECK_INTERVAL_MS } from '@portal/contracts/limits';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../components/test-ids';
import { useSnackbar } from './snackbars';

type VersionInfo = { version?: string; build?: string };

/** Whether the deployed build differs from the running one. */
export const isNewBuild = (info: VersionInfo | null, runningBuild: string): boolean =>
  typeof info?.build === 'string' && info.build !== runningBuild;

async function fetchVersion(): Promise<VersionInfo | null> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as VersionInfo) : null;
  } catch {
    return null;
  }
}

/** Every 5 minutes, looks for a newer build and offers to reload (never reloads by itself). */
export function UpdateChecker() {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const shown = useRef(false);

  useEffect(() => {
    const check = async () => {
      if (shown.current) return;
      if (!isNewBuild(await fetchVersion(), __APP_BUILD__)) return;
      shown.current = true;
      enqueueSnackbar(t('update.available'), {
        variant: 'info',
        persist: true,
        action: (
          <Button
            color="inherit"
            size="small"
            data-testid={TEST_IDS.updateReload}
            onClick={() => window.location.reload()}
          >
            {t('update.reload')}
          </Button>
        ),
      });
    };
    const timer = window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [enqueueSnackbar, t]);

  return null;
}
