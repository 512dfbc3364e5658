import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { useGlobalParameters, usePutGlobalParameter } from './api';
import { SA_IDS } from './test-ids';

/** The platform's global parameters (spec: key/value; `ecmAutoRefresh` a switch). */
export function GlobalParameters() {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const parameters = useGlobalParameters();
  const put = usePutGlobalParameter();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={SA_IDS.parameters}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {t('parameters.title')}
        </Typography>
        {parameters.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
        {parameters.data?.map((p) => (
          <Stack key={p.key}>
            <FormControlLabel
              control={
                <Switch
                  checked={p.value === true}
                  disabled={put.isPending}
                  onChange={async (_, value) => {
                    await put.mutateAsync({ key: p.key, value });
                    enqueueSnackbar(t('parameters.saved'), { variant: 'success' });
                  }}
                  slotProps={{ input: { 'data-testid': `${SA_IDS.parameter}-${p.key}` } as object }}
                />
              }
              label={t(`parameters.${p.key}.label`)}
            />
            <Typography variant="body2" color="text.secondary" sx={{ pl: { sm: 6 } }}>
              {t(`parameters.${p.key}.help`)} <code>{p.key}</code>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
