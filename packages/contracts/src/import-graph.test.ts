import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../../../scripts/lib/import-graph.mjs';

describe('packages/contracts/src', () => {
  it('has no import circle (type-only imports included)', () => {
    expect(findImportCycles(import.meta.dirname)).toEqual([]);
  });
});
