import { describe, expect, it } from 'vitest';
import { clientModules } from './wizard-logic';

describe('the apps a new client file may be given', () => {
  it('are the firm’s client-side modules that are built, in the firm’s order', () => {
    const firm = ['home', 'customers', 'documents', 'tasks', 'quickfolders', 'videoconference', 'signatures'];
    expect(clientModules(firm.map((key) => ({ key }))).map((m) => m.key)).toEqual([
      'documents',
      'tasks',
      'quickfolders',
    ]);
  });
});
