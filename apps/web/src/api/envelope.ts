/** Whether a body is a paginated list (it carries the page fields). */
export const isPaginated = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'current_page' in body;

/** The result of a success answer: `body.data`, or the whole body when it is a paginated or keyset list. */
export function unwrap<T>(body: unknown): T {
  if (isPaginated(body)) return body as T;
  // A keyset list (the audit log): `data` with its `next_cursor`.
  if (typeof body === 'object' && body !== null && 'next_cursor' in body) return body as T;
  if (typeof body === 'object' && body !== null && 'data' in body) return (body as { data: T }).data;
  return body as T;
}
