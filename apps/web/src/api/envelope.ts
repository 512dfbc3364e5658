/** Whether a body is a paginated list (it carries the page fields). */
export const isPaginated = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'current_page' in body;

/** The result of a success answer: `body.data`, or the whole body when it is paginated. */
export function unwrap<T>(body: unknown): T {
  if (isPaginated(body)) return body as T;
  if (typeof body === 'object' && body !== null && 'data' in body) return (body as { data: T }).data;
  return body as T;
}
