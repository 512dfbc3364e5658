import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { davProperties } from '../../db/schema';
import type { VendorRef } from '../documents/tree/tree.service';

export type NodeRef = { type: 'folder' | 'document'; id: number };
export type DeadProp = { ns: string; name: string; xml: string };

/** The dead properties of several nodes of a client file, by `type:id` (one query). */
export async function propertiesOf(
  db: Db,
  vendor: VendorRef,
  nodes: NodeRef[],
): Promise<Map<string, DeadProp[]>> {
  const out = new Map<string, DeadProp[]>();
  if (!nodes.length) return out;
  const rows = await db
    .select()
    .from(davProperties)
    .where(
      and(
        eq(davProperties.accountingFirmId, vendor.accountingFirmId),
        eq(davProperties.vendorId, vendor.id),
        inArray(
          sql`${davProperties.nodeType} || ':' || ${davProperties.nodeId}`,
          nodes.map((n) => `${n.type}:${n.id}`),
        ),
      ),
    );
  for (const r of rows) {
    const key = `${r.nodeType}:${r.nodeId}`;
    out.set(key, [...(out.get(key) ?? []), { ns: r.namespace, name: r.name, xml: r.valueXml }]);
  }
  return out;
}

/** Applies sets and removes to one node in a transaction (PROPPATCH is all or nothing). */
export async function apply(
  db: Db,
  vendor: VendorRef,
  node: NodeRef,
  updates: ({ ns: string; name: string; xml: string } | { ns: string; name: string; xml: null })[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const u of updates) {
      const key = and(
        eq(davProperties.accountingFirmId, vendor.accountingFirmId),
        eq(davProperties.nodeType, node.type),
        eq(davProperties.nodeId, node.id),
        eq(davProperties.namespace, u.ns),
        eq(davProperties.name, u.name),
      );
      await tx.delete(davProperties).where(key);
      if (u.xml !== null)
        await tx.insert(davProperties).values({
          accountingFirmId: vendor.accountingFirmId,
          vendorId: vendor.id,
          nodeType: node.type,
          nodeId: node.id,
          namespace: u.ns,
          name: u.name,
          valueXml: u.xml,
        });
    }
  });
}

/** Copies a node's dead properties onto another (COPY). */
export async function copyProperties(db: Db, vendor: VendorRef, from: NodeRef, to: NodeRef): Promise<void> {
  await db.execute(sql`INSERT INTO dav_properties (accounting_firm_id, vendor_id, node_type, node_id, namespace, name, value_xml)
    SELECT accounting_firm_id, vendor_id, ${to.type}, ${to.id}, namespace, name, value_xml FROM dav_properties
     WHERE accounting_firm_id = ${vendor.accountingFirmId} AND node_type = ${from.type} AND node_id = ${from.id}
    ON CONFLICT (accounting_firm_id, node_type, node_id, namespace, name) DO UPDATE SET value_xml = excluded.value_xml`);
}
