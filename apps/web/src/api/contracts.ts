import type * as Contracts from '@portal/contracts';
import type { Paginated } from '@portal/contracts';
import type { z } from 'zod';

type ContractModule = typeof Contracts;

/** The export names of the contracts' zod schemas (`themeSchema`, `taskSchema`...). */
export type SchemaName = {
  [K in keyof ContractModule]: ContractModule[K] extends z.ZodType ? K : never;
}[keyof ContractModule];

/**
 * What an answer is, named after the server's response schema in `@portal/contracts`: `'taskSchema'`,
 * `'themeSchema[]'` (a list of them), `'page of nodeSchema'` (a paginated list). The client types
 * the answer from it, and checks it against that schema in development and in tests.
 */
export type Contract = SchemaName | `${SchemaName}[]` | `page of ${SchemaName}`;

/** The type of an answer under its contract. */
export type ContractOutput<C extends Contract> = C extends `page of ${infer N extends SchemaName}`
  ? Paginated<z.output<ContractModule[N]>>
  : C extends `${infer N extends SchemaName}[]`
    ? z.output<ContractModule[N]>[]
    : C extends SchemaName
      ? z.output<ContractModule[C]>
      : never;

/** An answer that does not match its contract: the web app and the server disagree. */
export class ContractError extends Error {
  constructor(contract: string, path: string, issues: string) {
    super(`The answer of ${path} does not match ${contract}: ${issues}`);
    this.name = 'ContractError';
  }
}
