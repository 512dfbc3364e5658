type DbError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** The error of SQLSTATE `code`, looking through wrappers (drizzle wraps the driver's). */
function withCode(error: unknown, code: string): DbError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as DbError;
    if (e.code === code) return e;
    current = e.cause;
  }
  return null;
}

/** The constraint named by a unique violation (SQLSTATE 23505), looking through wrappers. */
export function uniqueViolation(error: unknown): string | null {
  const e = withCode(error, '23505');
  if (!e) return null;
  return e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1] ?? '';
}

/** A row referring to one that is gone (SQLSTATE 23503). */
export const foreignKeyViolation = (error: unknown): boolean => withCode(error, '23503') !== null;
