import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as en } from '@zxcvbn-ts/language-en';
import { dictionary as fr } from '@zxcvbn-ts/language-fr';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from '../limits';

/**
 * Password strength, beyond the spec's 8 characters (issue 12): zxcvbn with the lists of common
 * and leaked passwords (`language-common`), French and English words, names and keyboard patterns,
 * and the person's own email and names. Heavy (dictionaries of a few MB): NOT exported from the
 * package index. The web app imports this file lazily on the password screens only; the server
 * imports it on the first password it checks (~45 MB of heap). Both give the same answer.
 */

/** The message keys this check gives (in the contracts' catalogue). */
export type PasswordStrengthKey = 'password-too-weak' | 'password-personal-info';

/** Whose password it is: their email and names must not make it up. */
export type PasswordOwner = {
  email?: string | null;
  firstname?: string | null;
  lastname?: string | null;
};

let factory: ZxcvbnFactory | undefined;

/** Built on first use (ranking the dictionaries takes ~150 ms). */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common, ...en, ...fr },
    graphs: adjacencyGraphs,
    // zxcvbn's cost grows fast with length and l33t substitutions (2 s for 200 characters with
    // the defaults): past 64 characters the rest is not looked at, and 12 substitutions are tried.
    maxLength: 64,
    l33tMaxSubstitutions: 12,
  });
  return factory;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The words of a person zxcvbn must treat as known to an attacker: email, its parts, names. */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const word = fold(value?.trim() ?? '');
    if (word.length >= 3) words.add(word);
  };
  const email = owner.email ?? '';
  add(email);
  const local = email.split('@')[0] ?? '';
  add(local);
  for (const part of local.split(/[._+-]+/)) add(part);
  for (const name of [owner.firstname, owner.lastname]) {
    add(name);
    for (const part of (name ?? '').split(/[\s'-]+/)) add(part);
  }
  return [...words];
}

/**
 * What is wrong with a password that meets the base rules (length), or null: made up of the
 * person's email or names (half of its characters spell them, or it is weak and holds one), or
 * too easy to guess (zxcvbn score under PASSWORD_MIN_SCORE).
 */
export function passwordStrengthProblem(
  password: string,
  owner: PasswordOwner = {},
): PasswordStrengthKey | null {
  const words = personalWords(owner);
  const result = zxcvbn().check(password, words);
  const personal = personalShare(password.slice(0, 64), words);
  if (personal >= 0.5 || (personal > 0 && result.score < PASSWORD_MIN_SCORE)) return 'password-personal-info';
  return result.score < PASSWORD_MIN_SCORE ? 'password-too-weak' : null;
}

/** The share (0-1) of the password's characters that spell out one of the personal words. */
function personalShare(password: string, words: string[]): number {
  const folded = fold(password);
  const covered = new Array<boolean>(folded.length).fill(false);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      covered.fill(true, at, at + word.length);
    }
  }
  return folded.length === 0 ? 0 : covered.filter(Boolean).length / folded.length;
}

/**
 * A request schema with `password` that also refuses a weak password (on `password`, once the
 * base rules pass): what the web forms validate with before sending.
 */
export function withStrongPassword<S extends z.ZodType<{ password: string }>>(
  schema: S,
  owner: PasswordOwner,
) {
  return schema.superRefine((value, ctx) => {
    if (typeof value.password !== 'string' || value.password.length < PASSWORD_MIN_LENGTH) return;
    const problem = passwordStrengthProblem(value.password, owner);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
}
