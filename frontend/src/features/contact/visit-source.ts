import type { components } from '@/generated/api-types';
import contactRules from '@/generated/contact-rules.json';

/** Where the visit came from: its first page view's `utm_*` parameters, referrer and path. */
export type VisitSource = Pick<
  components['schemas']['CreateContactDto'],
  'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent' | 'referrer' | 'landingPath'
>;

const STORAGE_KEY = 'visit-source';
/** Where scripts/load-after-paint.js keeps the first page view as it arrived. */
const ENTRY_KEY = 'visit-entry';
const { maxLength } = contactRules;
const UTM_PARAMETERS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const;
// Control, format and surrogate characters: the API refuses most of them, and a visitor
// cannot fix a link's parameters, so such a value is left out rather than sent.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}]/u;
/**
 * Printable ASCII holds none of them. Most values are (a path, a referrer's URL), and this
 * test spares them the one above, whose first use builds its Unicode classes: some 5 ms of
 * the page's first task at every visit's first page view (20 ms on a phone).
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const printable = (line: string) => PRINTABLE_ASCII.test(line) || !UNPRINTABLE.test(line);

function text(value: string | null, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max && printable(trimmed) ? trimmed : undefined;
}

/** An http(s) referrer with a plain host name, as the API accepts it; otherwise nothing. */
function referrerOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^[a-z0-9.-]+$/i.test(url.hostname)) return undefined;
    return text(url.href, maxLength.referrer);
  } catch {
    return undefined;
  }
}

/** The visit's source as this page view sees it. */
export function readVisitSource(location: Pick<Location, 'pathname' | 'search'>, referrer: string): VisitSource {
  const params = new URLSearchParams(location.search);
  const source: VisitSource = {};
  for (const [parameter, field] of Object.entries(UTM_PARAMETERS)) {
    const value = text(params.get(parameter), maxLength.utm);
    if (value) source[field] = value;
  }
  const from = referrerOf(referrer);
  if (from) source.referrer = from;
  const landingPath = text(location.pathname, maxLength.landingPath);
  if (landingPath?.startsWith('/')) source.landingPath = landingPath;
  return source;
}

/**
 * The visit's first page view as a prerendered page's first script kept it
 * (scripts/load-after-paint.js), before this code arrived; null where it did not.
 */
function entryPageView(store: Storage): { pathname: string; search: string; referrer: string } | null {
  try {
    const entry: unknown = JSON.parse(store.getItem(ENTRY_KEY) ?? 'null');
    if (typeof entry !== 'object' || entry === null) return null;
    const { pathname, search, referrer } = entry as Record<string, unknown>;
    return typeof pathname === 'string' && typeof search === 'string' && typeof referrer === 'string'
      ? { pathname, search, referrer }
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the first page view's source for the rest of the visit (the tab's sessionStorage):
 * later page views, reloads and client-side navigation do not replace it. The first page
 * view is the one the prerendered page's first script kept, if any (the visitor may have
 * moved on before this code ran), else this one. Storage may be unavailable (a privacy
 * mode, or no browser at all): the form is then sent without it.
 */
export function captureVisitSource(storage?: Storage, location?: Location): void {
  try {
    // The defaults are read in here: outside a browser (a prerender) they do not exist.
    const store = storage ?? sessionStorage;
    if (store.getItem(STORAGE_KEY) !== null) return;
    const entry = entryPageView(store);
    const source = entry
      ? readVisitSource(entry, entry.referrer)
      : readVisitSource(location ?? window.location, document.referrer);
    store.setItem(STORAGE_KEY, JSON.stringify(source));
  } catch {
    // No storage: nothing to keep.
  }
}

/** The visit's source, as captured ({} when nothing was). */
export function storedVisitSource(storage?: Storage): VisitSource {
  try {
    const stored: unknown = JSON.parse((storage ?? sessionStorage).getItem(STORAGE_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    const allowed = new Set<string>([...Object.values(UTM_PARAMETERS), 'referrer', 'landingPath']);
    return Object.fromEntries(Object.entries(stored).filter(([key, value]) => allowed.has(key) && typeof value === 'string'));
  } catch {
    return {};
  }
}
