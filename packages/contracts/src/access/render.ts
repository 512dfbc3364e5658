import { ACTIONS, type Action, PERMISSIONS, ROLES, WRITE_ACTIONS } from './permissions';

/** The permission matrix as a Markdown page (docs/permissions.md). */
export function renderPermissionsMarkdown(): string {
  const header = `| action | ${ROLES.join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = (Object.keys(ACTIONS) as Action[]).map((action) => {
    const cells = ROLES.map((role) => (PERMISSIONS[action].includes(role) ? 'yes' : ''));
    const label = `\`${action}\`${WRITE_ACTIONS.has(action) ? ' (writes)' : ''}<br>${ACTIONS[action]}`;
    return `| ${label} | ${cells.join(' | ')} |`;
  });
  return [
    '# Permissions',
    '',
    'Generated from `packages/contracts/src/access/permissions.ts` by `npx tsx scripts/render-permissions.ts`;',
    'do not edit by hand. The server’s access module and the tests read the same matrix.',
    '',
    'Roles are relative to the resource: a firm administrator of one portal is nobody in another.',
    'A firm collaborator reaches a client file only through an assignment (or “all clients”).',
    'A read-only assignment and the guest role never get a writing action. An actor with no role',
    'on a resource gets 404 (as if it did not exist); with a role but not the right, 403.',
    'A pending invitation (an existing account invited, not accepted yet) gives no role at all.',
    'Nobody changes their own rights (role, flags, read-only, all client files, assignments, apps,',
    'end of access): such a change answers 403 whatever the role. A transfer needs',
    '`vendor.transfer` on the client file and on the target portal.',
    '',
    header,
    rule,
    ...rows,
    '',
  ].join('\n');
}
