import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { VendorUser } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVendorThemeOverview } from './api';

export type ThemeChoice = { all_themes: boolean; theme_ids?: number[] };

const sameIds = (a: readonly number[], b: readonly number[]) =>
  [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/**
 * "Thèmes accessibles" in a client user's rights dialog: all themes, or a list among those the
 * client file allows and shares with clients. Shown only to those who may choose them (the
 * overview answers them only), never for oneself. `onChange` gets the choice, or null while it
 * is the user's current one.
 */
export function ClientUserThemesField({
  vendorId,
  user,
  onChange,
}: {
  vendorId: number;
  user: Pick<VendorUser, 'id' | 'all_themes' | 'theme_ids'>;
  onChange: (choice: ThemeChoice | null) => void;
}) {
  const { t } = useTranslation('themes');
  const overview = useVendorThemeOverview(vendorId);
  const [all, setAll] = useState(user.all_themes);
  const [ids, setIds] = useState<number[]>(user.theme_ids);
  useEffect(() => {
    const unchanged = all === user.all_themes && (all || sameIds(ids, user.theme_ids));
    onChange(unchanged ? null : all ? { all_themes: true } : { all_themes: false, theme_ids: ids });
  }, [all, ids, user, onChange]);
  if (!overview.data) return null;
  const options = overview.data.themes.filter(
    (th) => (th.allowed && th.sharing !== 'private_firm') || ids.includes(th.id),
  );
  const toggle = (id: number) =>
    setIds((prev) => (prev.includes(id) ? prev.filter((i) => i !== id) : [...prev, id]));
  return (
    <Box sx={{ mt: 2 }} data-testid="client-user-themes">
      <Typography variant="subtitle2" component="h3">
        {t('field.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('field.help')}
      </Typography>
      <RadioGroup
        value={all ? 'all' : 'list'}
        onChange={(e) => setAll(e.target.value === 'all')}
        aria-label={t('field.title')}
      >
        <FormControlLabel value="all" control={<Radio />} label={t('field.all')} />
        <FormControlLabel value="list" control={<Radio />} label={t('field.list')} />
      </RadioGroup>
      {!all && (
        <Box sx={{ pl: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column' }}>
          {options.map((th) => (
            <FormControlLabel
              key={th.id}
              control={<Checkbox checked={ids.includes(th.id)} onChange={() => toggle(th.id)} />}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: th.colour, flexShrink: 0 }}
                  />
                  {`${th.title} · ${t(`tab.rights.${th.rights}`)}`}
                </Box>
              }
              data-testid={`client-user-theme-${th.id}`}
            />
          ))}
          {options.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('field.none')}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
