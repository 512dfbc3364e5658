import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../components/test-ids';
import { useWorkspace } from './workspace-context';

/** Chooses the firm (portal) among the user's; hidden when there is only one. */
export function FirmSelector() {
  const { t } = useTranslation('shell');
  const { firms, firm, selectFirm } = useWorkspace();
  if (firms.length < 2 || !firm) return null;
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={t('firmSelector.label')}
      value={firm.id}
      onChange={(e) => selectFirm(Number(e.target.value))}
      data-testid={TEST_IDS.firmSelector}
      sx={{ minWidth: 180 }}
    >
      {firms.map((f) => (
        <MenuItem key={f.id} value={f.id}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
