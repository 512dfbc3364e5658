import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Bank, bankInputSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../components/form/field-defs';
import { banksApi } from '../api';
import { ChildrenTab } from './children-tab';
import { formatIban, ibanPartRows } from './iban-display';
import type { ClientFileTabProps } from './types';

const BANK_FIELDS: readonly FieldDef[] = [
  { name: 'bank_name', required: true },
  { name: 'bic', required: true },
  { name: 'iban', required: true, width: 12 },
  { name: 'bank_address', width: 12 },
];

/** The IBAN split into its parts (country, check digits, bank, branch, account, key). */
export function IbanParts({ bank }: { bank: Bank }) {
  const { t } = useTranslation('client-file');
  return (
    <Box
      component="dl"
      data-testid="iban-parts"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, mt: 0.5 }}
    >
      {ibanPartRows(bank.iban_parts).map(({ key, value }) => (
        <Box
          key={key}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.25, minWidth: 0 }}
        >
          <Typography component="dt" variant="caption" color="text.secondary">
            {t(`banks.parts.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Bank accounts: IBAN and BIC checked here with the contracts' rules, and by the server. */
export function BanksTab({ vendorId, canWrite }: ClientFileTabProps) {
  const query = banksApi.useList(vendorId);
  const create = banksApi.useCreate(vendorId);
  const update = banksApi.useUpdate(vendorId);
  const remove = banksApi.useRemove(vendorId);
  return (
    <ChildrenTab<Bank>
      ns="banks"
      testId="client-file-banks"
      canWrite={canWrite}
      query={query}
      primary={(b) => (
        <>
          {b.bank_name} — <span style={{ fontFamily: 'monospace' }}>{formatIban(b.iban)}</span>
        </>
      )}
      secondary={(b) => [b.bic, b.bank_address].filter(Boolean).join(' · ')}
      extra={(b) => <IbanParts bank={b} />}
      createDefs={BANK_FIELDS}
      createSchema={bankInputSchema}
      create={(p) => create.mutateAsync(bankInputSchema.parse(p))}
      update={(b, p) => update.mutateAsync({ id: b.id, body: bankInputSchema.parse(p) })}
      remove={(b) => remove.mutateAsync(b.id)}
    />
  );
}
