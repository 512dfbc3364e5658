import { useTranslation } from 'react-i18next';
import type { ClientFileTabProps } from './types';
import { FISCAL_FIELDS } from './vendor-fields';
import { VendorFormTab } from './vendor-form-tab';

/** The client file's fiscal tab. */
export function FiscalTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t } = useTranslation('client-file');
  return (
    <VendorFormTab
      vendorId={vendorId}
      canWrite={canWrite}
      defs={FISCAL_FIELDS}
      title={t('tabs.fiscal')}
      testId="client-file-fiscal"
    />
  );
}
