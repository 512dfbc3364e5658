import { missionOccurrences, missionServices, missions } from '../../src/db/schema';
import type { FactoryDb } from '../factories';

/** The missions of a tenant's client file (issue 30), one per state the routes act on. */
export type MissionIds = {
  /** A not-signed mission: read, changed, and deleted by the walks. */
  mission: number;
  /** A not-signed mission the walks sign. */
  mission_to_sign: number;
  /** A signed mission with one occurrence: tasks are generated for it. */
  mission_signed: number;
};

export async function buildMissionRows(
  tx: FactoryDb,
  o: { firmId: number; vendorId: number; serviceId: number; name: string },
): Promise<{ ids: MissionIds; markers: string[] }> {
  const accountingFirmId = o.firmId;
  const mission = (name: string, status: 'not_signed' | 'signed') => ({
    accountingFirmId,
    vendorId: o.vendorId,
    name,
    reference: `${o.name}-MISSION-REF`,
    status,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    signedAt: status === 'signed' ? new Date() : null,
  });
  const [open, toSign, signed] = await tx
    .insert(missions)
    .values([
      mission(`${o.name} Mission`, 'not_signed'),
      mission(`${o.name} Mission to sign`, 'not_signed'),
      mission(`${o.name} Signed mission`, 'signed'),
    ])
    .returning();
  const services = await tx
    .insert(missionServices)
    .values(
      [open!, toSign!, signed!].map((m) => ({
        accountingFirmId,
        missionId: m.id,
        serviceId: o.serviceId,
        quantity: 1,
        unitPriceCents: 4242,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })),
    )
    .returning();
  await tx.insert(missionOccurrences).values({
    accountingFirmId,
    missionServiceId: services[2]!.id,
    periodStart: '2026-01-01',
    dueDate: '2026-01-31',
  });
  return {
    ids: { mission: open!.id, mission_to_sign: toSign!.id, mission_signed: signed!.id },
    markers: [`${o.name} Mission`, `${o.name}-MISSION-REF`, `${o.name} Signed mission`],
  };
}
