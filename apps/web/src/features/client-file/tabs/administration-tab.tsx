import { useTranslation } from 'react-i18next';
import type { ClientFileTabProps } from './types';
import { ADMINISTRATION_FIELDS } from './vendor-fields';
import { VendorFormTab } from './vendor-form-tab';

/** The client file's administration tab. */
export function AdministrationTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t } = useTranslation('client-file');
  return (
    <VendorFormTab
      vendorId={vendorId}
      canWrite={canWrite}
      defs={ADMINISTRATION_FIELDS}
      title={t('tabs.administration')}
      testId="client-file-administration"
    />
  );
}
