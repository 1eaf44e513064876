import { DREAM_LIMITS, EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { isIsoDate } from '@/lib/dates';
import type { DreamFilters } from '@/lib/query-keys';

/** The URL's search parameters, in the order they are written (so equal filters make equal URLs). */
const FILTER_PARAMS = ['q', 'from', 'to', 'emotion', 'tag', 'lucid', 'nightmare', 'recurring'] as const;

const flag = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** Reads the filters from the URL. A value the API would refuse (a bad date, an unknown emotion) is ignored. */
export function filtersFromSearchParams(params: URLSearchParams): DreamFilters {
  const filters: DreamFilters = {};
  const q = params.get('q')?.trim().slice(0, DREAM_LIMITS.searchMax);
  if (q) filters.q = q;
  const from = params.get('from');
  if (isIsoDate(from)) filters.from = from;
  const to = params.get('to');
  if (isIsoDate(to)) filters.to = to;
  const emotion = params.get('emotion');
  if ((EMOTIONS as readonly string[]).includes(emotion ?? '')) filters.emotion = emotion as Emotion;
  const tag = params.get('tag')?.trim();
  if (tag && tag.length <= DREAM_LIMITS.tagLengthMax) filters.tag = tag;
  for (const name of ['lucid', 'nightmare', 'recurring'] as const) {
    const value = flag(params.get(name));
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}

export function searchParamsFromFilters(filters: DreamFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/** How many filters are set, search aside (the 'Filtros' button shows it). */
export function countFilters(filters: DreamFilters): number {
  return FILTER_PARAMS.filter((name) => name !== 'q' && filters[name] !== undefined).length;
}

export const hasAnyFilter = (filters: DreamFilters) => FILTER_PARAMS.some((name) => filters[name] !== undefined);
