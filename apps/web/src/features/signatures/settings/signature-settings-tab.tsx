import Stack from '@mui/material/Stack';
import type { AccountingFirmSummary } from '@portal/contracts';
import { SignatureDefaultsSection } from './signature-defaults-section';

/**
 * Settings → "Signature électronique" (firm administrators). The certificate's section is built
 * beside this one (issue 29, other part); this tab hosts the request defaults and the balance.
 */
export function SignatureSettingsTab({ firm }: { firm: AccountingFirmSummary }) {
  return (
    <Stack spacing={2}>
      <SignatureDefaultsSection firmId={firm.id} />
    </Stack>
  );
}
