import { describe, expect, it } from 'vitest';
import { createEvents } from './events';

declare module './events' {
  interface AppEvents {
    'test.ping': { n: number };
  }
}

describe('events', () => {
  it('settles once every listener started so far has finished, a failing one included', async () => {
    const errors: unknown[] = [];
    const events = createEvents({ error: (obj) => errors.push(obj) });
    const seen: number[] = [];
    events.on('test.ping', async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(n);
    });
    events.on('test.ping', async () => {
      throw new Error('listener failed');
    });
    events.emit('test.ping', { n: 1 });
    events.emit('test.ping', { n: 2 });
    expect(seen).toEqual([]);
    await events.settled();
    expect(seen.sort()).toEqual([1, 2]);
    expect(errors).toHaveLength(2);
    await events.settled();
  });
});
