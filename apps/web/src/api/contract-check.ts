import * as contracts from '@portal/contracts';
import { z } from 'zod';
import { type Contract, ContractError } from './contracts';

/**
 * Parses an answer with the server's own schema (development and tests only: production builds
 * never load this file, nor zod with it). Throws a ContractError naming the fields that differ.
 */
export function checkContract(contract: Contract, path: string, data: unknown): void {
  const page = contract.startsWith('page of ');
  const list = contract.endsWith('[]');
  const name = contract.replace(/^page of /, '').replace(/\[\]$/, '');
  const schema = (contracts as unknown as Record<string, z.ZodType | undefined>)[name];
  if (!schema) throw new ContractError(contract, path, 'no such schema in @portal/contracts');
  const full = page ? contracts.paginated(schema) : list ? z.array(schema) : schema;
  const result = full.safeParse(data);
  if (!result.success) throw new ContractError(contract, path, z.prettifyError(result.error));
}
