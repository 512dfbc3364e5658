import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { encodeContext } from '@portal/contracts/context';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMySignatures } from './api';

/** The link that opens the signing dialog of a request. */
export const signLink = (firmId: number, vendorId: number, id: number) =>
  `/signatures/${encodeContext(firmId, vendorId)}?sign=${id}`;

/** What waits for the signed-in person in the firm: one line per request, "Signer" opens it. */
export function ToSignList({ firmId, hideEmpty = false }: { firmId: number; hideEmpty?: boolean }) {
  const { t, i18n } = useTranslation('signatures');
  const mine = useMySignatures(firmId);
  const rows = mine.data ?? [];
  if (rows.length === 0)
    return hideEmpty || !mine.data ? null : <Alert severity="info">{t('toSign.empty')}</Alert>;
  return (
    <List dense data-testid="to-sign-list">
      {rows.map((r) => (
        <ListItem
          key={r.id}
          data-testid={`to-sign-${r.id}`}
          secondaryAction={
            <Button
              size="small"
              variant="contained"
              component={RouterLink}
              to={signLink(firmId, r.vendor_id, r.id)}
            >
              {t('toSign.open')}
            </Button>
          }
        >
          <ListItemText
            primary={r.name}
            secondary={`${r.company} — ${t('toSign.expires', {
              date: new Date(r.expires_at).toLocaleDateString(i18n.language),
            })}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
