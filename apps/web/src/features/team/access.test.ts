import type { Member } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Assignment,
  accessByVendor,
  accessLabel,
  accessSummary,
  diffAssignments,
  isEmptyDiff,
  memberInitials,
  memberName,
  type ShownAssignment,
  toAssignmentsPayload,
  withAssignment,
  withoutAssignment,
} from './access';

const member = (over: Partial<Member> = {}): Member => ({
  user_id: 1,
  accounting_firm_id: 1,
  email: 'ann@x.test',
  firstname: 'Ann',
  lastname: 'Lee',
  role: 'collaborator',
  is_group_admin: false,
  all_vendors: false,
  read_only: false,
  vendor_count: 0,
  invitation_pending: false,
  ...over,
});

describe('memberName / memberInitials', () => {
  it('joins first and last name, else the email', () => {
    expect(memberName(member())).toBe('Ann Lee');
    expect(memberName(member({ firstname: null, lastname: ' ' }))).toBe('ann@x.test');
    expect(memberName(member({ firstname: null }))).toBe('Lee');
  });
  it('takes two initials', () => {
    expect(memberInitials(member())).toBe('AL');
    expect(memberInitials(member({ firstname: null, lastname: null }))).toBe('A');
  });
});

describe('accessSummary / accessLabel', () => {
  it('gives every client file to an administrator, with write access', () => {
    const s = accessSummary(member({ role: 'admin', read_only: true }));
    expect(s).toEqual({ scope: 'all', mode: 'read-write', viaRole: true });
    expect(accessLabel(s)).toEqual({ key: 'access.all' });
  });
  it('follows all_vendors and its read-only flag', () => {
    const s = accessSummary(member({ all_vendors: true, read_only: true }));
    expect(s).toEqual({ scope: 'all', mode: 'read-only', viaRole: false });
    expect(accessLabel(s).key).toBe('access.all');
  });
  it('counts the assigned client files', () => {
    const s = accessSummary(member({ vendor_count: 3 }));
    expect(accessLabel(s)).toEqual({ key: 'access.some', values: { count: 3 } });
    expect(accessLabel(accessSummary(member()))).toEqual({ key: 'access.none' });
  });
});

describe('diffAssignments', () => {
  const before = [
    { vendor_id: 1, read_only: false },
    { vendor_id: 2, read_only: false },
    { vendor_id: 3, read_only: true },
  ];
  it('finds added, removed and changed client files', () => {
    const after = [
      { vendor_id: 2, read_only: true },
      { vendor_id: 3, read_only: true },
      { vendor_id: 4, read_only: false },
    ];
    expect(diffAssignments(before, after)).toEqual({
      added: [{ vendor_id: 4, read_only: false }],
      removed: [1],
      changed: [{ vendor_id: 2, read_only: true }],
    });
  });
  it('is empty for the same set in another order', () => {
    expect(isEmptyDiff(diffAssignments(before, [...before].reverse()))).toBe(true);
    expect(isEmptyDiff(diffAssignments([], []))).toBe(true);
  });
});

describe('withAssignment / withoutAssignment / payload', () => {
  it('adds, updates and removes by client file', () => {
    const one = withAssignment<Assignment>([], { vendor_id: 5, read_only: false });
    expect(one).toEqual([{ vendor_id: 5, read_only: false }]);
    expect(withAssignment(one, { vendor_id: 5, read_only: true })).toEqual([
      { vendor_id: 5, read_only: true },
    ]);
    expect(withoutAssignment(one, 5)).toEqual([]);
  });
  it('sends one entry per client file and only the two fields', () => {
    const list: ShownAssignment[] = [
      { vendor_id: 1, read_only: false, company: 'A', client_code: 'A1' },
      { vendor_id: 1, read_only: true, company: 'A', client_code: 'A1' },
    ];
    expect(toAssignmentsPayload(list)).toEqual({ assignments: [{ vendor_id: 1, read_only: true }] });
  });
});

describe('accessByVendor', () => {
  it('lists who reaches each client file and how, an assignment winning over all_vendors', () => {
    const admin = member({ user_id: 1, role: 'admin' });
    const all = member({ user_id: 2, all_vendors: true, read_only: true });
    const some = member({ user_id: 3, vendor_count: 1 });
    const none = member({ user_id: 4 });
    const details = new Map([
      [2, { assignments: [{ vendor_id: 10, company: 'A', client_code: 'A', read_only: false }] }],
      [3, { assignments: [{ vendor_id: 11, company: 'B', client_code: 'B', read_only: true }] }],
    ]);
    const map = accessByVendor([10, 11], [admin, all, some, none], details);
    const view = (id: number) => map.get(id)?.map((a) => [a.member.user_id, a.via, a.readOnly]);
    expect(view(10)).toEqual([
      [1, 'role', false],
      [2, 'assignment', false],
    ]);
    expect(view(11)).toEqual([
      [1, 'role', false],
      [2, 'all', true],
      [3, 'assignment', true],
    ]);
  });
});
