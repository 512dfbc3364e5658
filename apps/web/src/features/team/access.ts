import type { Member, MemberDetail } from '@portal/contracts';

/** One client file a member is assigned to (what PUT .../assignments takes). */
export type Assignment = { vendor_id: number; read_only: boolean };
/** An assignment as shown in the detail screen (with the client file's names). */
export type ShownAssignment = Assignment & { company: string; client_code: string };

/** First and last name, else the email. */
export function memberName(m: Pick<Member, 'firstname' | 'lastname' | 'email'>): string {
  const name = [m.firstname, m.lastname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return name || m.email;
}

/** Initials for an avatar (two letters at most). */
export function memberInitials(m: Pick<Member, 'firstname' | 'lastname' | 'email'>): string {
  const parts = [m.firstname, m.lastname].map((s) => s?.trim()).filter((s): s is string => Boolean(s));
  const letters = parts.length > 0 ? parts.map((p) => p[0]) : [m.email[0]];
  return letters.join('').slice(0, 2).toUpperCase();
}

/**
 * What a member reaches, as the server decides it (platform/access/roles.ts): an administrator
 * reaches every client file with write access; `all_vendors` gives every client file with the
 * member's read-only flag; otherwise the assigned client files, each with its own flag.
 */
export type AccessSummary =
  | { scope: 'all'; mode: 'read-only' | 'read-write'; viaRole: boolean }
  | { scope: 'some'; count: number }
  | { scope: 'none' };

export function accessSummary(
  m: Pick<Member, 'role' | 'all_vendors' | 'read_only' | 'vendor_count'>,
): AccessSummary {
  if (m.role === 'admin') return { scope: 'all', mode: 'read-write', viaRole: true };
  if (m.all_vendors) return { scope: 'all', mode: m.read_only ? 'read-only' : 'read-write', viaRole: false };
  if (m.vendor_count > 0) return { scope: 'some', count: m.vendor_count };
  return { scope: 'none' };
}

/** The i18n key (namespace `team`) and its values for an access summary. */
export function accessLabel(summary: AccessSummary): { key: string; values?: Record<string, unknown> } {
  switch (summary.scope) {
    case 'all':
      return { key: 'access.all' };
    case 'some':
      return { key: 'access.some', values: { count: summary.count } };
    default:
      return { key: 'access.none' };
  }
}

export type AssignmentDiff = {
  added: Assignment[];
  removed: number[];
  /** Kept client files whose read-only flag changed (the new flag). */
  changed: Assignment[];
};

/** What changes from one set of assignments to another (by client file). */
export function diffAssignments(before: readonly Assignment[], after: readonly Assignment[]): AssignmentDiff {
  const old = new Map(before.map((a) => [a.vendor_id, a.read_only]));
  const next = new Map(after.map((a) => [a.vendor_id, a.read_only]));
  const added: Assignment[] = [];
  const changed: Assignment[] = [];
  for (const [vendor_id, read_only] of next) {
    if (!old.has(vendor_id)) added.push({ vendor_id, read_only });
    else if (old.get(vendor_id) !== read_only) changed.push({ vendor_id, read_only });
  }
  const removed = [...old.keys()].filter((id) => !next.has(id));
  return { added, removed, changed };
}

export const isEmptyDiff = (d: AssignmentDiff): boolean =>
  d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;

/** The set with one client file added, or its flag changed when already there. */
export function withAssignment<T extends Assignment>(list: readonly T[], item: T): T[] {
  return list.some((a) => a.vendor_id === item.vendor_id)
    ? list.map((a) => (a.vendor_id === item.vendor_id ? { ...a, read_only: item.read_only } : a))
    : [...list, item];
}

export const withoutAssignment = <T extends Assignment>(list: readonly T[], vendorId: number): T[] =>
  list.filter((a) => a.vendor_id !== vendorId);

/** The body of PUT .../assignments: one entry per client file, nothing else. */
export const toAssignmentsPayload = (list: readonly Assignment[]): { assignments: Assignment[] } => ({
  assignments: [...new Map(list.map((a) => [a.vendor_id, a.read_only])).entries()].map(
    ([vendor_id, read_only]) => ({ vendor_id, read_only }),
  ),
});

/** Who reaches one client file, and how: through the role, all client files, or an assignment. */
export type VendorAccess = {
  member: Member;
  via: 'role' | 'all' | 'assignment';
  readOnly: boolean;
};

/**
 * The members reaching each client file, from the team and the members' assignments (an
 * assignment wins over `all_vendors`, as on the server). Members without details yet count
 * through their role or `all_vendors` only.
 */
export function accessByVendor(
  vendorIds: readonly number[],
  members: readonly Member[],
  details: ReadonlyMap<number, Pick<MemberDetail, 'assignments'>>,
): Map<number, VendorAccess[]> {
  const out = new Map<number, VendorAccess[]>(vendorIds.map((id) => [id, []]));
  for (const member of members) {
    const assigned = new Map((details.get(member.user_id)?.assignments ?? []).map((a) => [a.vendor_id, a]));
    for (const [vendorId, list] of out) {
      const assignment = assigned.get(vendorId);
      if (member.role === 'admin') list.push({ member, via: 'role', readOnly: false });
      else if (assignment) list.push({ member, via: 'assignment', readOnly: assignment.read_only });
      else if (member.all_vendors) list.push({ member, via: 'all', readOnly: member.read_only });
    }
  }
  return out;
}
