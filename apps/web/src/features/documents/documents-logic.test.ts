import type { Node } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { formatSize } from '../../components/format-size';
import { documentNode } from '../../test/document-node';
import { fileKindOf, previewKindOf } from './file-types';
import { fromNodeHash, toNodeHash } from './hashes';
import { documentsPath, viewerPath } from './paths';
import { markReadInPages } from './read-marks';
import { sortNodes } from './sort';
import { parseCsv } from './viewer/csv';
import { stepZoom } from './viewer/zoom';

const node = (over: Partial<Node>): Node => documentNode(over);

describe('formatSize', () => {
  it('counts in steps of 1000 with at most 2 decimals, units per language', () => {
    expect(formatSize(999, 'fr')).toBe('999 o');
    expect(formatSize(5_242_880, 'fr')).toBe('5,24 Mo');
    expect(formatSize(5_242_880, 'en')).toBe('5.24 MB');
    expect(formatSize(1_000_000_000, 'fr')).toBe('1 Go');
    expect(formatSize(1500, 'pt')).toBe('1,5 KB');
    expect(formatSize(0, 'en')).toBe('0 B');
  });
});

describe('sortNodes', () => {
  const folder = node({ type: 'folder', id: 9, name: 'Z', size: null, extension: null });
  const tree = node({ type: 'folder', id: 20, name: 'Achats', catalog_tree_folder_id: 2, size: null });
  const a = node({ id: 3, name: 'b 10.pdf', size: 50, updated_at: '2026-02-01T00:00:00Z' });
  const b = node({ id: 2, name: 'b 9.pdf', size: 500, start_date: '2025-01-01' });
  it('default: tree folders first, then start date, folders before documents, id', () => {
    expect(sortNodes([a, folder, b, tree], { field: 'default', order: 'asc' }).map((n) => n.id)).toEqual([
      20, 2, 9, 3,
    ]);
  });
  it('by name (numeric), size or date, folders first either way', () => {
    expect(sortNodes([a, folder, b], { field: 'name', order: 'asc' }).map((n) => n.id)).toEqual([9, 2, 3]);
    expect(sortNodes([a, folder, b], { field: 'size', order: 'desc' }).map((n) => n.id)).toEqual([9, 2, 3]);
    expect(sortNodes([a, b], { field: 'date', order: 'desc' }).map((n) => n.id)).toEqual([3, 2]);
  });
});

describe('file types', () => {
  it('gives an icon kind and a preview per extension', () => {
    expect(fileKindOf('PDF')).toBe('pdf');
    expect(fileKindOf('xlsx')).toBe('sheet');
    expect(fileKindOf('docx')).toBe('word');
    expect(fileKindOf(null)).toBe('other');
    expect(previewKindOf('pdf_a')).toBe('pdf');
    expect(previewKindOf('jpg')).toBe('image');
    expect(previewKindOf('csv')).toBe('csv');
    // Never shown from the app's origin: SVG, HTML; office files: downloaded.
    expect(previewKindOf('svg')).toBe('none');
    expect(previewKindOf('html')).toBe('none');
    expect(previewKindOf('docx')).toBe('none');
  });
});

describe('route hashes', () => {
  it('are the ids in hexadecimal', () => {
    expect(toNodeHash(255)).toBe('ff');
    expect(fromNodeHash('ff')).toBe(255);
    expect(fromNodeHash('zz')).toBeNull();
    expect(fromNodeHash(undefined)).toBeNull();
    expect(documentsPath('c0', 16, 3)).toBe('/documents/c0/10?document_id=3');
    expect(documentsPath('c0', null)).toBe('/documents/c0');
    expect(documentsPath('c0', 16, 3, 7)).toBe('/documents/c0/10?document_id=3&version_id=7');
    expect(documentsPath('c0', 16, null, 7)).toBe('/documents/c0/10');
    expect(viewerPath('c0', 16, 17, 5)).toBe('/viewer/c0/10/11/5');
  });
});

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, CRLF and the separator of the first line', () => {
    expect(parseCsv('a;b\r\n"x;1";"say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x;1', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('stepZoom', () => {
  it('moves between steps and stops at the ends', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    expect(stepZoom(1.1, -1)).toBe(1);
  });
});

describe('markReadInPages', () => {
  const page = (data: Node[], n: number) => ({
    data,
    current_page: n,
    per_page: 100,
    total: 3,
    last_page: 2,
  });
  const listing = {
    pages: [
      page([node({ type: 'folder', id: 7, unread: true, counter: 2 }), node({ id: 7, unread: true })], 1),
      page([node({ id: 8, unread: true })], 2),
    ],
    pageParams: [1, 2],
  };

  it('marks the opened document read on the page holding it, the rest kept as they are', () => {
    const out = markReadInPages(listing, 7);
    expect(out?.pages[0]?.data.map((n) => [n.type, n.unread, n.counter])).toEqual([
      ['folder', true, 2],
      ['document', false, 0],
    ]);
    expect(out?.pages[1]).toBe(listing.pages[1]);
    expect(listing.pages[0]?.data[1]?.unread).toBe(true);
  });

  it('answers the same data when the document is absent or already read', () => {
    expect(markReadInPages(listing, 99)).toBe(listing);
    const read = markReadInPages(listing, 8);
    expect(markReadInPages(read, 8)).toBe(read);
    expect(markReadInPages(undefined, 8)).toBeUndefined();
  });
});
