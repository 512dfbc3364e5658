import { describe, expect, it } from 'vitest';
import { toRequest } from './workflow-drawer';

describe('the workflow drawer’s request', () => {
  it('keeps named statuses with their ids and the transitions between them', () => {
    const shape = toRequest(
      [
        { id: 4, key: 'a', name: ' À compléter ', colour: '#000000', is_final: false },
        { key: 'b', name: 'Envoyé', colour: '#111111', is_final: true },
        { key: 'c', name: '  ', colour: '#222222', is_final: false },
      ],
      [
        { uid: '1', from: 'a', to: 'b', movers: ['firm', 'client'] },
        { uid: '2', from: 'b', to: 'c', movers: ['firm'] },
        { uid: '3', from: 'a', to: 'a', movers: ['firm'] },
        { uid: '4', from: 'b', to: 'a', movers: [] },
      ],
    );
    expect(shape.statuses).toEqual([
      { id: 4, key: 'a', name: 'À compléter', colour: '#000000', is_final: false },
      { key: 'b', name: 'Envoyé', colour: '#111111', is_final: true },
    ]);
    expect(shape.transitions).toEqual([{ from: 'a', to: 'b', movers: ['firm', 'client'] }]);
  });
});
