import type { AccountingFirmSummary } from '@portal/contracts';

/** Firms a client file may move to: the same holding, where the user is an administrator. */
export function transferTargets(firms: readonly AccountingFirmSummary[], fromFirmId: number) {
  const from = firms.find((f) => f.id === fromFirmId);
  if (!from || from.holding_id === null) return [];
  return firms.filter(
    (f) => f.id !== fromFirmId && f.holding_id === from.holding_id && f.is_accountant_admin,
  );
}
