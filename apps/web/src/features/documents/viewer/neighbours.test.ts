import type { Node } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { documentNode } from '../../../test/document-node';
import type { Sort } from '../prefs';
import { neighbours } from './neighbours';

const node = (id: number, over: Partial<Node> = {}): Node =>
  documentNode({
    id,
    name: `d${String(id).padStart(3, '0')}.txt`,
    extension: 'txt',
    mime_type: 'text/plain',
    size: id,
    version_id: id,
    ...over,
  });

/** A folder's listing in the server's order: a sub-folder, then documents 1..n. */
const folder = (n: number) => [
  node(9000, { type: 'folder', name: 'Sub' }),
  ...Array.from({ length: n }, (_, i) => node(i + 1)),
];
/** The first `pages` pages of 100 entries. */
const pages = (all: Node[], count: number) => all.slice(0, count * 100);

const asc: Sort = { field: 'default', order: 'asc' };
const desc: Sort = { field: 'default', order: 'desc' };
const ids = (r: ReturnType<typeof neighbours>) => [r.previous?.id, r.next?.id, r.loadMore];

describe('neighbours (viewer previous / next over the whole folder)', () => {
  const all = folder(150); // 151 entries: documents 1..99 on page 1, 100..150 on page 2

  it('walks the default sort inside the pages loaded, documents only', () => {
    expect(ids(neighbours(pages(all, 1), asc, 50, false))).toEqual([49, 51, false]);
    expect(ids(neighbours(pages(all, 1), asc, 1, false))).toEqual([undefined, 2, false]);
  });

  it('asks for the next page at the last document loaded, then crosses into it', () => {
    expect(ids(neighbours(pages(all, 1), asc, 99, false))).toEqual([98, undefined, true]);
    expect(ids(neighbours(pages(all, 2), asc, 99, true))).toEqual([98, 100, false]);
    expect(ids(neighbours(pages(all, 2), asc, 100, true))).toEqual([99, 101, false]);
    expect(ids(neighbours(pages(all, 2), asc, 150, true))).toEqual([149, undefined, false]);
  });

  it('asks for more pages until it finds a document opened by a link, and stops at the end', () => {
    expect(ids(neighbours(pages(all, 1), asc, 120, false))).toEqual([undefined, undefined, true]);
    expect(ids(neighbours(pages(all, 2), asc, 120, true))).toEqual([119, 121, false]);
    expect(ids(neighbours(pages(all, 2), asc, 999, true))).toEqual([undefined, undefined, false]);
  });

  it('reverses the default sort, the pages not loaded coming first', () => {
    expect(ids(neighbours(pages(all, 1), desc, 50, false))).toEqual([51, 49, false]);
    expect(ids(neighbours(pages(all, 1), desc, 99, false))).toEqual([undefined, 98, true]);
    expect(ids(neighbours(pages(all, 2), desc, 99, true))).toEqual([100, 98, false]);
  });

  it('needs the whole folder for a sort the browser makes, then walks it', () => {
    // By size, descending: the largest document (150) is on the second page.
    const bySize: Sort = { field: 'size', order: 'desc' };
    expect(ids(neighbours(pages(all, 1), bySize, 99, false))).toEqual([undefined, undefined, true]);
    expect(ids(neighbours(pages(all, 2), bySize, 150, true))).toEqual([undefined, 149, false]);
    expect(ids(neighbours(pages(all, 2), bySize, 99, true))).toEqual([100, 98, false]);
  });
});
