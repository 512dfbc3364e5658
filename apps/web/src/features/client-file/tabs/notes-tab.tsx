import { useTranslation } from 'react-i18next';
import type { ClientFileTabProps } from './types';
import { NOTES_FIELDS } from './vendor-fields';
import { VendorFormTab } from './vendor-form-tab';

/** The client file's notes tab. */
export function NotesTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t } = useTranslation('client-file');
  return (
    <VendorFormTab
      vendorId={vendorId}
      canWrite={canWrite}
      defs={NOTES_FIELDS}
      title={t('tabs.notes')}
      testId="client-file-notes"
    />
  );
}
