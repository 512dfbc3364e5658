import { describe, expect, it } from 'vitest';
import { type ProfileForm, profileFormSchema, toPayload } from './profile-form';

const form: ProfileForm = {
  firstname: 'Ana',
  lastname: 'Silva',
  civility: '',
  title: ' ',
  mobile_number: '',
  address: '',
  post_code: '',
  city: '',
  country: '',
  locale: 'pt',
  dark_mode: 'auto',
};

describe('profile form', () => {
  it('turns blanks into null and keeps the names', () => {
    expect(toPayload(form)).toMatchObject({
      firstname: 'Ana',
      title: null,
      civility: null,
      dark_mode: null,
      locale: 'pt',
    });
    expect(toPayload({ ...form, dark_mode: 'off' }).dark_mode).toBe(false);
  });
  it('requires first and last name with message keys', () => {
    const result = profileFormSchema.safeParse({ ...form, firstname: ' ', post_code: '123' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages.firstname).toBe('required');
    expect(messages.post_code).toBe('invalid-post-code');
    expect(profileFormSchema.safeParse(form).success).toBe(true);
  });
});
