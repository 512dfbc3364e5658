import { type UpdateMeRequest, type User, updateMeRequestSchema } from '@portal/contracts';
import { z } from 'zod';

/** The profile form: every field a string (selects included); blank means "not set". */
export type ProfileForm = {
  firstname: string;
  lastname: string;
  civility: '' | 'Mme' | 'M.';
  title: string;
  mobile_number: string;
  address: string;
  post_code: string;
  city: string;
  country: string;
  locale: '' | 'fr' | 'en' | 'pt';
  dark_mode: 'auto' | 'on' | 'off';
};

const blank = (v: string) => (v.trim() === '' ? null : v.trim());

export const fromUser = (u: User): ProfileForm => ({
  firstname: u.firstname ?? '',
  lastname: u.lastname ?? '',
  civility: u.civility ?? '',
  title: u.title ?? '',
  mobile_number: u.mobile_number ?? '',
  address: u.address ?? '',
  post_code: u.post_code ?? '',
  city: u.city ?? '',
  country: u.country ?? '',
  locale: u.locale ?? '',
  dark_mode: u.dark_mode === null ? 'auto' : u.dark_mode ? 'on' : 'off',
});

export const toPayload = (v: ProfileForm): UpdateMeRequest => ({
  firstname: v.firstname.trim(),
  lastname: v.lastname.trim(),
  civility: v.civility || null,
  title: blank(v.title),
  mobile_number: blank(v.mobile_number),
  address: blank(v.address),
  post_code: blank(v.post_code),
  city: blank(v.city),
  country: blank(v.country),
  locale: v.locale || null,
  dark_mode: v.dark_mode === 'auto' ? null : v.dark_mode === 'on',
});

/** First and last name required; every other rule is the contracts' `updateMeRequestSchema`. */
const payloadSchema = updateMeRequestSchema.required({ firstname: true, lastname: true });

export const profileFormSchema = z
  .object({
    firstname: z.string(),
    lastname: z.string(),
    civility: z.enum(['', 'Mme', 'M.']),
    title: z.string(),
    mobile_number: z.string(),
    address: z.string(),
    post_code: z.string(),
    city: z.string(),
    country: z.string(),
    locale: z.enum(['', 'fr', 'en', 'pt']),
    dark_mode: z.enum(['auto', 'on', 'off']),
  })
  .superRefine((value, ctx) => {
    const result = payloadSchema.safeParse(toPayload(value));
    if (result.success) return;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
