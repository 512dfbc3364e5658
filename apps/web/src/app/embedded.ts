/** Values of the `embedded` query that mean "inside a mobile app" (hide version label and chat). */
export const EMBEDDED_VALUES = ['true', 'mobileapp', 'genericmobileapp'] as const;

export const isEmbeddedValue = (value: string | null | undefined): boolean =>
  value != null && (EMBEDDED_VALUES as readonly string[]).includes(value);

export const isEmbedded = (search: string | URLSearchParams): boolean =>
  isEmbeddedValue(new URLSearchParams(search).get('embedded'));
