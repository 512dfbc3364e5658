/** Fields whose values never enter the audit log (only that they changed). */
const SECRET = /password|secret|token/i;
/** Fields shown by their last 4 characters only. */
const MASKED = /iban|bic|account_number/i;

const mask = (value: unknown) =>
  typeof value === 'string' && value.length > 4 ? `…${value.slice(-4)}` : value === null ? null : '…';

/**
 * The fields of `input` whose value changed from `before` to `after` (the client file as the API
 * shows it), old and new: secrets named only, IBANs masked to their last 4 characters.
 */
export function changedFields(
  input: Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (input[key] === undefined || !(key in after)) continue;
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    if (SECRET.test(key)) changes[key] = { changed: true };
    else if (MASKED.test(key)) changes[key] = { from: mask(from), to: mask(to) };
    else changes[key] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}
