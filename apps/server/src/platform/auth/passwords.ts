import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Same cost as a real check, so timing does not reveal unknown accounts.
    await hash(password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
