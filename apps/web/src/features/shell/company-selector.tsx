import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { VendorSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useUnreadDocuments } from '../../app/shared-api';
import { TEST_IDS } from '../../components/test-ids';
import { UnreadBadge } from '../../components/unread-badge';
import { useWorkspace } from './workspace-context';

/** Chooses the company (client file) within the selected firm, with a search. */
export function CompanySelector() {
  const { t } = useTranslation('shell');
  const { vendors, company, selectCompany, firm } = useWorkspace();
  const unread = useUnreadDocuments(firm?.id ?? null, vendors.length > 0).data;
  if (!firm || vendors.length === 0) return null;
  const label = (v: VendorSummary) => {
    const name = v.client_code ? `${v.company} (${v.client_code})` : v.company;
    return v.status === 'deactivated' ? `${name} — ${t('companySelector.deactivated')}` : name;
  };
  return (
    <Autocomplete
      size="small"
      options={vendors}
      value={company}
      disableClearable={company !== null}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...props }, v) => (
        <Box component="li" key={key} {...props}>
          <Box component="span" sx={{ flexGrow: 1 }}>
            {label(v)}
          </Box>
          <UnreadBadge count={unread?.get(v.id)} />
        </Box>
      )}
      onChange={(_e, v) => v && selectCompany(v.id)}
      data-testid={TEST_IDS.companySelector}
      sx={{ minWidth: 220 }}
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          label={t('companySelector.label')}
          placeholder={t('companySelector.search')}
        />
      )}
    />
  );
}
