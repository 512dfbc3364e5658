import type { SiretLookup } from '@portal/contracts';
import type { AppContext } from '../../../app-context';

const EMPTY: SiretLookup = {
  found: false,
  company: null,
  corporate_name: null,
  siren: null,
  naf_code: null,
  legal_form: null,
  address: null,
};

/** Company data from the app's SIRET source (`ctx.siret`); `found: false` when it knows nothing. */
export async function lookupSiret(ctx: AppContext, siret: string): Promise<SiretLookup> {
  const found = await ctx.siret.lookup(siret);
  return found ? { ...found, found: true } : EMPTY;
}
