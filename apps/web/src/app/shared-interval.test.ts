import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdInterval } from './shared-interval';

describe('holdInterval', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one timer for all the holders of a key, until the last lets go', () => {
    const tick = vi.fn();
    const releases = [
      holdInterval('a', tick, 1000),
      holdInterval('a', tick, 1000),
      holdInterval('a', tick, 1000),
    ];
    vi.advanceTimersByTime(3000);
    expect(tick).toHaveBeenCalledTimes(3);
    releases[0]?.();
    releases[0]?.();
    releases[1]?.();
    vi.advanceTimersByTime(1000);
    expect(tick).toHaveBeenCalledTimes(4);
    releases[2]?.();
    vi.advanceTimersByTime(5000);
    expect(tick).toHaveBeenCalledTimes(4);
  });

  it('keeps keys apart and starts again after all let go', () => {
    const a = vi.fn();
    const b = vi.fn();
    const releaseA = holdInterval('a', a, 1000);
    const releaseB = holdInterval('b', b, 1000);
    vi.advanceTimersByTime(1000);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 1]);
    releaseA();
    releaseB();
    const again = holdInterval('a', a, 1000);
    vi.advanceTimersByTime(1000);
    expect(a).toHaveBeenCalledTimes(2);
    again();
  });
});
