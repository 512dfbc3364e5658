import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema } from '../auth';
import { passwordStrengthProblem, personalWords, withStrongPassword } from './password-strength';

const owner = { email: 'emilie.expert@cabinet-exemple.fr', firstname: 'Émilie', lastname: 'Expert' };

describe('password strength', () => {
  it('refuses common, leaked and simple passwords', () => {
    for (const weak of [
      '12345678',
      'password',
      'motdepasse',
      'azertyuiop',
      'Password1!',
      'soleil123',
      'aaaaaaaaaaaa',
    ]) {
      expect(passwordStrengthProblem(weak), weak).toBe('password-too-weak');
    }
  });

  it("refuses the person's own email and names", () => {
    for (const personal of [
      'emilie.expert@cabinet-exemple.fr',
      'emilie.expert',
      'EmilieExpert',
      'EmilieExpert2026',
      'expert-emilie!',
    ]) {
      expect(passwordStrengthProblem(personal, owner), personal).toBe('password-personal-info');
    }
    // The same words are not personal for someone else.
    expect(passwordStrengthProblem('EmilieExpert2026', { email: 'x@y.fr' })).toBeNull();
  });

  it('accepts passwords hard to guess, long ones quickly', () => {
    for (const strong of [
      'Demo-portal-2026',
      'Nouveau-mot-de-passe-2026',
      'correct horse battery staple',
      'J4i-un-v3lo-r0uge!',
    ]) {
      expect(passwordStrengthProblem(strong, owner), strong).toBeNull();
    }
    const started = performance.now();
    passwordStrengthProblem('aB3$'.repeat(50), owner);
    passwordStrengthProblem('@$$3$$!0|'.repeat(22), owner);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('lists the personal words, accents folded', () => {
    expect(personalWords(owner).sort()).toEqual(
      ['emilie', 'emilie.expert', 'emilie.expert@cabinet-exemple.fr', 'expert'].sort(),
    );
  });

  it('adds the check to a request schema, on the password field', () => {
    const schema = withStrongPassword(changePasswordRequestSchema, owner);
    const weak = schema.safeParse({
      current_password: 'x',
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(weak.success).toBe(false);
    expect(weak.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'password-too-weak'],
    ]);
  });
});
