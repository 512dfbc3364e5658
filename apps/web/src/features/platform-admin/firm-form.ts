import { toNestErrors } from '@hookform/resolvers';
import {
  type CreatePlatformFirmRequest,
  createPlatformFirmRequestSchema,
  type PlatformFirm,
  type UpdatePlatformFirmRequest,
  updatePlatformFirmRequestSchema,
} from '@portal/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { issuesByField, serverFieldErrors } from '../../components/form/field-errors';

/** Where a new portal goes: no holding, an existing one, or a new one created with it. */
export type HoldingMode = 'none' | 'existing' | 'new';

/** The portal's own fields, as edited on the create and detail pages (texts as typed). */
export type FirmFormValues = {
  name: string;
  domain: string;
  welcome_message: string;
  module_keys: string[];
};

export type CreateFirmFormValues = FirmFormValues & {
  holding_mode: HoldingMode;
  /** The chosen holding's id as the select gives it ('' = none chosen yet). */
  holding_id: string;
  holding_name: string;
  admin: { email: string; firstname: string; lastname: string };
};

/** The fields a 422 answer may name that the forms show (others go to the snackbar only). */
export const FIRM_FIELDS = ['name', 'domain', 'welcome_message', 'module_keys'] as const;
export const CREATE_FIELDS = [
  ...FIRM_FIELDS,
  'holding_id',
  'holding_name',
  'admin.email',
  'admin.firstname',
  'admin.lastname',
] as const;

export const emptyCreateValues = (moduleKeys: readonly string[]): CreateFirmFormValues => ({
  name: '',
  domain: '',
  welcome_message: '',
  module_keys: [...moduleKeys],
  holding_mode: 'none',
  holding_id: '',
  holding_name: '',
  admin: { email: '', firstname: '', lastname: '' },
});

export const firmValuesOf = (firm: PlatformFirm): FirmFormValues => ({
  name: firm.name,
  domain: firm.domain ?? '',
  welcome_message: firm.welcome_message ?? '',
  module_keys: [...firm.module_keys],
});

const blankToNull = (s: string) => (s.trim() === '' ? null : s);

/** The update payload: every edited field, blank domain and message as null (removed). */
export const toUpdatePayload = (v: FirmFormValues): UpdatePlatformFirmRequest => ({
  name: v.name,
  domain: blankToNull(v.domain),
  welcome_message: blankToNull(v.welcome_message),
  module_keys: v.module_keys,
});

/** The create payload: the holding by id, by a new name, or none (standalone portal). */
export function toCreatePayload(v: CreateFirmFormValues): CreatePlatformFirmRequest {
  const payload: Record<string, unknown> = { ...toUpdatePayload(v), admin: { ...v.admin } };
  if (v.holding_mode === 'existing' && v.holding_id !== '') payload.holding_id = Number(v.holding_id);
  if (v.holding_mode === 'new') payload.holding_name = v.holding_name;
  return payload as CreatePlatformFirmRequest;
}

/** Message keys of the form's own checks that the contracts cannot make (by field path). */
function extraIssues(values: Partial<CreateFirmFormValues>): Record<string, string> {
  if (values.holding_mode === 'existing' && values.holding_id === '') return { holding_id: 'required' };
  return {};
}

/** A react-hook-form resolver: the payload is checked by the contracts' schema; errors by field. */
function schemaResolver<T extends FirmFormValues>(
  build: (values: T) => unknown,
  schema: ZodType,
): Resolver<T> {
  return async (values, _context, options) => {
    const result = schema.safeParse(build(values));
    const messages = {
      ...(result.success ? {} : issuesByField(result.error.issues)),
      ...extraIssues(values as Partial<CreateFirmFormValues>),
    };
    if (Object.keys(messages).length === 0) return { values, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(messages)) flat[name] = { type: 'validate', message };
    return { values: {}, errors: toNestErrors(flat as FieldErrors<T>, options) };
  };
}

export const createFirmResolver = schemaResolver<CreateFirmFormValues>(
  toCreatePayload,
  createPlatformFirmRequestSchema,
);
export const updateFirmResolver = schemaResolver<FirmFormValues>(
  toUpdatePayload,
  updatePlatformFirmRequestSchema,
);

/** The field errors of a 422 answer that one of `fields` shows (the snackbar tells the rest). */
export function serverErrorsOn<F extends string>(error: unknown, fields: readonly F[]): [F, string][] {
  const byField = serverFieldErrors(error) ?? {};
  return Object.entries(byField).filter((e): e is [F, string] =>
    (fields as readonly string[]).includes(e[0]),
  );
}
