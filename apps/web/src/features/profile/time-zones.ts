/**
 * The time zone list of the profile screen: every IANA zone the browser knows, described for people ("Sao Paulo",
 * "America/Sao_Paulo", "GMT-03:00") and searchable by city, region or offset, with or without accents.
 */

export interface TimeZoneOption {
  id: string;
  /** The zone's city (its last segment, underscores as spaces): "Sao Paulo", "UTC". */
  city: string;
  /** The offset now: "GMT-03:00" ("GMT+00:00" for UTC). */
  offset: string;
  /** Folded words it is found by. */
  keywords: string;
}

// A short list for the rare engine without Intl.supportedValuesOf (it arrived in 2022).
const FALLBACK_ZONES = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Fortaleza',
  'America/Recife',
  'America/Noronha',
  'America/Rio_Branco',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'UTC',
];

/**
 * Engines following CLDR (V8, so Chrome and Node) still list some zones under names IANA has since replaced:
 * "Asia/Calcutta" for Kolkata, "Europe/Kiev" for Kyiv. People search for today's names, and the server's time zone
 * database knows both, so the list shows and saves the current ones.
 */
const CURRENT_NAMES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone under its current IANA name ("Asia/Calcutta" → "Asia/Kolkata") when this runtime knows that name (an old
 * one may not know "Pacific/Kanton"); other names as they are.
 */
export function currentZoneName(id: string): string {
  const current = CURRENT_NAMES[id];
  return current && isKnownZone(current) ? current : id;
}

const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_/]+/g, ' ');

/** "GMT-03:00" → also "gmt-3", "utc-3", "utc-03:00", so people type it the way they know it. */
function offsetKeywords(offset: string): string {
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 'gmt utc gmt+0 utc+0 gmt-0 utc-0';
  const [, sign, hours, minutes] = match;
  const short = `${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
  return [`gmt${sign}${hours}:${minutes}`, `utc${sign}${hours}:${minutes}`, `gmt${short}`, `utc${short}`].join(' ');
}

function offsetOf(timeZone: string, now: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((candidate) => candidate.type === 'timeZoneName')?.value;
    return !part || part === 'GMT' ? 'GMT+00:00' : part;
  } catch {
    return 'GMT+00:00';
  }
}

export function describeTimeZone(id: string, now: Date = new Date()): TimeZoneOption {
  const city = (id.split('/').pop() ?? id).replace(/_/g, ' ');
  const offset = offsetOf(id, now);
  return { id, city, offset, keywords: `${foldText(id)} ${foldText(city)} ${offsetKeywords(offset)}` };
}

let cached: TimeZoneOption[] | null = null;

/** Every zone the browser knows, alphabetically by name; built once (about 400 zones). */
export function listTimeZones(): TimeZoneOption[] {
  if (cached) return cached;
  let ids: string[];
  try {
    ids = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : FALLBACK_ZONES;
  } catch {
    ids = FALLBACK_ZONES;
  }
  // Engines leave UTC out of the list, yet it is a valid answer (and the server's default).
  const unique = [...new Set([...ids.map(currentZoneName), 'UTC'])].sort((a, b) => a.localeCompare(b));
  const now = new Date();
  cached = unique.map((id) => describeTimeZone(id, now));
  return cached;
}

/** The zones matching every word of the query (accents, case, "_" and "/" ignored); all of them for a blank query. */
export function searchTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => words.every((word) => option.keywords.includes(word)));
}
