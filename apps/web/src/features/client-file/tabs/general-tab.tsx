import { useTranslation } from 'react-i18next';
import type { ClientFileTabProps } from './types';
import { GENERAL_FIELDS } from './vendor-fields';
import { VendorFormTab } from './vendor-form-tab';

/** The client file's general tab. */
export function GeneralTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t } = useTranslation('client-file');
  return (
    <VendorFormTab
      vendorId={vendorId}
      canWrite={canWrite}
      defs={GENERAL_FIELDS}
      title={t('tabs.general')}
      testId="client-file-general"
    />
  );
}
