import type { AccountingFirmSummary } from '@portal/contracts';
import { useFirmMembers } from '../../app/shared-api';
import { useAuditVendors } from './api';
import { AuditLog } from './audit-log-page';

/** Settings → "Journal d'activité" (firm administrators): the portal's audit log. */
export function FirmAuditPage({ firm }: { firm: AccountingFirmSummary }) {
  const members = useFirmMembers(firm.id);
  const vendors = useAuditVendors(firm.id);
  return (
    <AuditLog
      scope={{ firmId: firm.id }}
      vendors={(vendors.data?.data ?? []).map((v) => ({ id: v.id, label: v.company }))}
      people={(members.data ?? []).map((m) => ({
        id: m.user_id,
        label: [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email,
      }))}
    />
  );
}
