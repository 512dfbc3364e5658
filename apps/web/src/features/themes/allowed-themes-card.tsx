import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { VendorThemeOverview } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { useSetVendorThemes } from './api';

const allowedIds = (o: VendorThemeOverview) =>
  o.all_themes ? [] : o.themes.filter((t) => t.allowed).map((t) => t.id);

/** The themes a client file allows (firm administrators): every theme of the firm, or a list. */
export function AllowedThemesCard({
  vendorId,
  overview,
}: {
  vendorId: number;
  overview: VendorThemeOverview;
}) {
  const { t } = useTranslation('themes');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSetVendorThemes(vendorId);
  const [all, setAll] = useState(overview.all_themes);
  const [ids, setIds] = useState<number[]>(allowedIds(overview));
  useEffect(() => {
    setAll(overview.all_themes);
    setIds(allowedIds(overview));
  }, [overview]);
  const current = allowedIds(overview);
  const dirty =
    all !== overview.all_themes ||
    (!all && [...ids].sort((a, b) => a - b).join() !== [...current].sort((a, b) => a - b).join());
  const toggle = (id: number) =>
    setIds((prev) => (prev.includes(id) ? prev.filter((i) => i !== id) : [...prev, id]));
  const submit = async () => {
    // Errors are the API client's to show (the snackbar).
    await save.mutateAsync(all ? { all_themes: true } : { all_themes: false, theme_ids: ids });
    enqueueSnackbar(t('tab.saved'), { variant: 'success' });
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="vendor-allowed-themes">
      <Typography variant="h6" component="h2">
        {t('tab.allowedTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('tab.allowedHelp')}
      </Typography>
      <RadioGroup
        value={all ? 'all' : 'list'}
        onChange={(e) => setAll(e.target.value === 'all')}
        aria-label={t('tab.allowedTitle')}
      >
        <FormControlLabel value="all" control={<Radio />} label={t('tab.allowedAll')} />
        <FormControlLabel value="list" control={<Radio />} label={t('tab.allowedList')} />
      </RadioGroup>
      {!all && (
        <Box sx={{ pl: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column' }}>
          {overview.themes.map((th) => (
            <FormControlLabel
              key={th.id}
              control={<Checkbox checked={ids.includes(th.id)} onChange={() => toggle(th.id)} />}
              label={th.title}
              data-testid={`vendor-allowed-theme-${th.id}`}
            />
          ))}
        </Box>
      )}
      <Box sx={{ mt: 1 }}>
        <Button
          variant="contained"
          disabled={!dirty || save.isPending}
          onClick={() => void submit().catch(() => undefined)}
          data-testid="vendor-allowed-themes-save"
        >
          {t('tab.save')}
        </Button>
      </Box>
    </Paper>
  );
}
