import { describe, expect, it } from 'vitest';
import { pageOffset, paginated } from './pagination';

describe('pagination', () => {
  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, per_page: 25 })).toBe(0);
    expect(pageOffset({ page: 3, per_page: 10 })).toBe(20);
  });

  it('builds the envelope, the last page rounded up', () => {
    expect(paginated(['a', 'b'], { page: 2, per_page: 2 }, 5)).toEqual({
      data: ['a', 'b'],
      current_page: 2,
      per_page: 2,
      total: 5,
      last_page: 3,
    });
    expect(paginated([], { page: 1, per_page: 5 }, 10).last_page).toBe(2);
    expect(paginated([], { page: 1, per_page: 5 }, 11).last_page).toBe(3);
  });

  it('gives an empty list one last page, and keeps a page asked past the end', () => {
    expect(paginated([], { page: 1, per_page: 25 }, 0)).toEqual({
      data: [],
      current_page: 1,
      per_page: 25,
      total: 0,
      last_page: 1,
    });
    expect(paginated([], { page: 9, per_page: 25 }, 30)).toMatchObject({ current_page: 9, last_page: 2 });
  });
});
