// Without zod: the web app's documents screen uses them, and loads no schema for them.

/**
 * Characters no folder or document name may hold (spec section 5), nor control characters, nor
 * the bidirectional and invisible format characters (U+200E, U+200F, U+061C, U+202A-U+202E,
 * U+2066-U+2069) that make a name show as another: "facture\u202Efdp.exe" shows as
 * "factureexe.pdf".
 */
export const FORBIDDEN_NAME_CHARS = /[\^/\\|:?<>*"\u0000-\u001f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * "name" -> "name (2)", "name (3)"…: the first that `taken` (names in lowercase) does not hold.
 * "name" -> "name (2)": the first name not in `taken` (lower-cased). The server names a folder that
 * would clash by it (`freeName`, `documents/tree/tree.service.ts`); the web app, a new folder for
 * an uploaded one whose name is taken.
 */
export function numberedFreeName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
