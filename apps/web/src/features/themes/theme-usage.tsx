import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FirmThemeUsage, ThemeHolder } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** `/documents/{context}/{folder id in hexadecimal}`: the folder in the document manager. */
export const folderPath = (firmId: number, vendorId: number, folderId: number) =>
  `/documents/${encodeContext(firmId, vendorId)}/${folderId.toString(16)}`;

/** A person holding a theme: their name, and their side (with the client file for a client user). */
export function HolderChip({ holder, showCompany }: { holder: ThemeHolder; showCompany?: boolean }) {
  const { t } = useTranslation('themes');
  const side = t(`tab.side.${holder.side}`);
  const label =
    showCompany && holder.company ? `${holder.fullname} · ${holder.company}` : `${holder.fullname} · ${side}`;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={holder.side === 'firm' ? 'primary' : 'default'}
      label={label}
      sx={{ maxWidth: '100%' }}
      data-testid={`theme-holder-${holder.user_id}`}
    />
  );
}

/** Per theme (team manager): its folders grouped by client file, and the people holding it by name. */
export function ThemeUsageDetails({ firmId, usage }: { firmId: number; usage: FirmThemeUsage }) {
  const { t } = useTranslation('themes');
  const byCompany = new Map<number, { company: string; folders: FirmThemeUsage['folders'] }>();
  for (const folder of usage.folders) {
    const entry = byCompany.get(folder.vendor_id) ?? { company: folder.company, folders: [] };
    entry.folders.push(folder);
    byCompany.set(folder.vendor_id, entry);
  }
  return (
    <Stack
      spacing={1.5}
      sx={{ px: { xs: 1, sm: 2 }, pb: 2, pt: 0.5 }}
      data-testid={`theme-usage-${usage.theme_id}`}
    >
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('tab.folders')}
        </Typography>
        {byCompany.size === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('usage.noFolder')}
          </Typography>
        ) : (
          [...byCompany.entries()].map(([vendorId, { company, folders }]) => (
            <Box key={vendorId} sx={{ mt: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {company}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, pl: 1 }}>
                {folders.map((f) => (
                  <Link
                    key={f.id}
                    component={RouterLink}
                    to={folderPath(firmId, vendorId, f.id)}
                    variant="body2"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {f.name}
                  </Link>
                ))}
              </Stack>
            </Box>
          ))
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('tab.people')}
        </Typography>
        {usage.people.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('usage.noPerson')}
          </Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {usage.people.map((p) => (
              <HolderChip key={`${p.side}-${p.user_id}-${p.vendor_id}`} holder={p} showCompany />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
