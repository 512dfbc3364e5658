import { SEARCH_TYPES, type SearchType } from '@portal/contracts';
import type { SearchParams } from './api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search screen's state from its address (`search/{context}?q=&page=&type=...`). */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const page = Number(params.get('page'));
  const type = params.get('type');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    ...(type && (SEARCH_TYPES as readonly string[]).includes(type) ? { type: type as SearchType } : {}),
    ...(params.get('validated') === 'true' ? { validated: true } : {}),
    ...(params.get('unread') === 'true' ? { unread: true } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  };
}

/** The address's query for a state (a new search starts at page 1). */
export function searchParamsOf(state: SearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q) out.set('q', state.q);
  if (state.page > 1) out.set('page', String(state.page));
  if (state.type) out.set('type', state.type);
  if (state.validated) out.set('validated', 'true');
  if (state.unread) out.set('unread', 'true');
  if (state.from) out.set('from', state.from);
  if (state.to) out.set('to', state.to);
  return out;
}

/** The excerpt cut into plain and marked parts (rendered as text and `<mark>`, never as HTML). */
export function excerptParts(
  excerpt: string,
  highlights: { start: number; length: number }[],
): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const h of [...highlights].sort((a, b) => a.start - b.start)) {
    if (h.start < at) continue;
    if (h.start > at) parts.push({ text: excerpt.slice(at, h.start), marked: false });
    parts.push({ text: excerpt.slice(h.start, h.start + h.length), marked: true });
    at = h.start + h.length;
  }
  if (at < excerpt.length) parts.push({ text: excerpt.slice(at), marked: false });
  return parts;
}
