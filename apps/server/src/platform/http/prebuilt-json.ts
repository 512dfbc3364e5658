const TEXT = Symbol('prebuilt JSON');

type Prebuilt = { readonly [TEXT]: string };

/**
 * An answer already written as JSON (by PostgreSQL: `json_agg(json_build_object(...))`), sent
 * as it is by the response serializer. For the hottest lists, where turning each row into
 * JavaScript values and back into text cost more than the query (measured: the 25-row client
 * list). It is typed as the answer it stands for; in tests and development the serializer parses
 * it and checks it against the route's schema, extra fields included (`serializer.ts`).
 */
export function prebuiltJson<T>(text: string): T {
  return { [TEXT]: text } satisfies Prebuilt as unknown as T;
}

/** The text of a prebuilt answer, else undefined. */
export function prebuiltText(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && TEXT in data ? (data as Prebuilt)[TEXT] : undefined;
}

/** `{ data }`, prebuilt when `data` is (the route's answer is then sent as it is). */
export function enveloped<T>(data: T): { data: T } {
  const text = prebuiltText(data);
  return text === undefined ? { data } : prebuiltJson(`{"data":${text}}`);
}

/** An object whose fields may be prebuilt answers, itself prebuilt (one text, no re-serialising). */
export function prebuiltObject<T extends Record<string, unknown>>(fields: T): T {
  const parts = Object.entries(fields).map(
    ([key, value]) => `${JSON.stringify(key)}:${prebuiltText(value) ?? JSON.stringify(value)}`,
  );
  return prebuiltJson<T>(`{${parts.join(',')}}`);
}
