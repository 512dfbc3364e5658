import { builtFeatures } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { MODULE_CATALOGUE } from './modules';

describe('the module catalogue', () => {
  it('holds every module the contracts call built (a typo there would hide a module)', () => {
    const keys = MODULE_CATALOGUE.map((m) => m.key as string);
    for (const key of builtFeatures.modules) expect(keys).toContain(key);
  });
});
