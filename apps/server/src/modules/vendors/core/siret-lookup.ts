import type { SiretLookup } from '@portal/contracts';

/** A source of company data by SIRET (for example the INSEE Sirene API). */
export type SiretProvider = { lookup(siret: string): Promise<Omit<SiretLookup, 'found'> | null> };

let provider: SiretProvider | null = null;

/** Installs a provider; none is configured by default (no network here), so the wizard asks by hand. */
export function setSiretProvider(next: SiretProvider | null): void {
  provider = next;
}

const EMPTY: SiretLookup = {
  found: false,
  company: null,
  corporate_name: null,
  siren: null,
  naf_code: null,
  legal_form: null,
  address: null,
};

export async function lookupSiret(siret: string): Promise<SiretLookup> {
  if (!provider) return EMPTY;
  const found = await provider.lookup(siret);
  return found ? { ...found, found: true } : EMPTY;
}
