/**
 * A form described by its fields: every value is a string (or a boolean for checkboxes) in the
 * form, and turned into the API payload by `toPayload`; the contracts' schema checks the payload.
 */
export type FieldKind = 'text' | 'email' | 'number' | 'date' | 'bool' | 'select' | 'multiline';

export type FieldDef = {
  name: string;
  kind?: FieldKind;
  /** Kept as a string even when blank (the schema then says "required"). */
  required?: boolean;
  /** select: the values; their labels are `options.<name>.<value>` of the form's catalogue. */
  options?: readonly string[];
  /** select: show the values themselves (e.g. civilities), not translated labels. */
  rawOptions?: boolean;
  /** Grid width from the sm breakpoint (12 = full line). */
  width?: 3 | 4 | 6 | 12;
  /** A blank select or text is sent as undefined rather than null (create requests). */
  omitBlank?: boolean;
};

export type FormValues = Record<string, string | boolean>;

const isBool = (d: FieldDef) => d.kind === 'bool';

/** The form values of an entity: nulls become '' (false for checkboxes), numbers strings. */
export function toFormValues(entity: Record<string, unknown> | null | undefined, defs: readonly FieldDef[]) {
  const values: FormValues = {};
  for (const d of defs) {
    const v = entity?.[d.name];
    values[d.name] = isBool(d) ? v === true : v === null || v === undefined ? '' : String(v);
  }
  return values;
}

/** The payload: trimmed texts, blanks as null (or absent), numbers parsed, booleans as is. */
export function toPayload(values: FormValues, defs: readonly FieldDef[]): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const d of defs) {
    const raw = values[d.name];
    if (isBool(d)) {
      payload[d.name] = raw === true;
      continue;
    }
    const s = typeof raw === 'string' ? raw.trim() : '';
    if (s === '' && !d.required) {
      if (!d.omitBlank) payload[d.name] = null;
      continue;
    }
    if (d.kind === 'number') {
      const n = Number(s.replace(',', '.').replace(/\s/g, ''));
      payload[d.name] = s !== '' && Number.isFinite(n) ? n : s;
    } else payload[d.name] = d.kind === 'multiline' ? (raw as string) : s;
  }
  return payload;
}
