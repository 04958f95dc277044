// The interface's language. Each language's messages are one catalogue, `i18n/<code>.json`, which the server's own
// pages read too: a message is a string with `{name}` placeholders, or an object of plural forms keyed by
// Intl.PluralRules' categories (`one`, `few`, `many`, `other`…) chosen by its `count`. index.html's inline script
// picks the language before anything is drawn (the one chosen in Profile, else the browser's, else English), sets
// `<html lang dir>` and asks for that catalogue alone; this module waits for it, so every module that imports it
// can translate synchronously. Numbers, dates, relative times, lists and units go through Intl, in the locale of
// the browser when it speaks the chosen language ("en-GB" dates for a British browser), else in the language's own.

/** What index.html's inline script decided: `{languages: {code: dir}, choose(preference), code, locale, catalogue}`. */
const boot = window.__i18n;

/** Where the chosen language is kept in this browser ('system' when none is): the signed-in account's choice. */
const PREFERENCE = 'imagefeed.language';

/** The codes of the languages the app speaks, in the order the Language setting lists them. */
export const LANGUAGES = Object.keys(boot.languages);

/** Loads a catalogue; null when it can't be had. */
async function fetchCatalogue(code) {
    try {
        const response = await fetch(`/i18n/${code}.json`, { credentials: 'same-origin' });
        return response.ok ? await response.json() : null;
    } catch {
        return null;
    }
}

/** The state of one language: its code, formatting locale, direction, messages, and its Intl objects once made. */
function languageState(code, locale, messages) {
    return { code, locale, dir: boot.languages[code] || 'ltr', messages, formats: new Map(), dates: new Map() };
}

// The catalogue index.html asked for, else English's (a catalogue that failed to load), else none: keys show.
let current;
{
    const messages = await boot.catalogue.catch(() => null);
    if (messages) current = languageState(boot.code, boot.locale, messages);
    else current = languageState('en', 'en', (boot.code !== 'en' && await fetchCatalogue('en')) || {});
}
apply();

function apply() {
    document.documentElement.lang = current.code;
    document.documentElement.dir = current.dir;
}

/** The language shown now ('en', 'ru'…). */
export const language = () => current.code;
/** Whether the language shown reads right to left (its "next" is to the left). */
export const isRTL = () => current.dir === 'rtl';

/** The language chosen in this browser (a code), or 'system' when the browser's languages decide. */
export function preference() {
    try {
        return localStorage.getItem(PREFERENCE) || 'system';
    } catch {
        return 'system';
    }
}

/**
 * Shows the interface in `wanted` ('system' or a code) from now on, kept in this browser: the catalogue is loaded
 * (the one shown stays when that fails), `<html lang dir>` set, and a `language-changed` event tells the screens
 * to draw themselves again. → whether the language shown changed.
 */
export async function setLanguage(wanted) {
    const chosen = wanted !== 'system' && Object.hasOwn(boot.languages, wanted) ? wanted : 'system';
    try {
        if (chosen === 'system') localStorage.removeItem(PREFERENCE); else localStorage.setItem(PREFERENCE, chosen);
    } catch { /* kept for this page only */ }
    const { code, locale } = boot.choose(chosen);
    if (code === current.code && locale === current.locale) return false;
    const messages = await fetchCatalogue(code);
    if (!messages) return false;
    current = languageState(code, locale, messages);
    apply();
    document.dispatchEvent(new CustomEvent('language-changed', { detail: { language: code } }));
    return true;
}

/** The language the browser's own languages would choose ('system' in the Language setting). */
export const systemLanguage = () => boot.choose('system').code;

/** A language's name in that language ("Русский", "한국어"), for the Language setting. */
export function languageName(code) {
    try {
        const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
        return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
    } catch {
        return code;
    }
}

// MARK: messages

/** An Intl object of the language shown, made once (making one loads locale data: it is worth keeping). */
function format(kind, options = {}) {
    const key = `${kind}:${JSON.stringify(options)}`;
    let made = current.formats.get(key);
    if (!made) {
        made = new Intl[kind](current.locale, options);
        current.formats.set(key, made);
    }
    return made;
}

/** `message` (a string, or plural forms chosen by `count`) of `key`; the key itself when the catalogue lacks it. */
function messageOf(key, values) {
    const message = current.messages[key];
    if (message === undefined || message === null) return key;
    if (typeof message === 'string') return message;
    const count = Number(values.count);
    return message[format('PluralRules').select(Number.isFinite(count) ? count : 0)] ?? message.other ?? key;
}

// Names and words from people (a photographer's name, a search) keep their own direction inside a sentence of the
// other direction: first-strong isolates around them, in right-to-left languages.
const isolate = (text) => (current.dir === 'rtl' ? `\u2068${text}\u2069` : text);

/** The message's parts: its text between placeholders, and each placeholder's value (numbers in the locale). */
function parts(key, values) {
    const pieces = messageOf(key, values).split(/\{(\w+)\}/);
    return pieces.map((piece, index) => {
        if (index % 2 === 0) return piece;
        const value = values[piece];
        if (value === undefined || value === null) return `{${piece}}`;
        if (typeof value === 'number') return formatNumber(value);
        return typeof value === 'string' ? isolate(value) : value;
    }).filter((piece) => piece !== '');
}

/** Whether the catalogue has a message `key` (for words the server gives in English, such as device names). */
export const hasMessage = (key) => Object.hasOwn(current.messages, key);

/** The message `key` in the language shown, with `values` in its `{placeholders}` (`count` chooses plural forms). */
export function t(key, values = {}) {
    return parts(key, values).join('');
}

/**
 * The message `key` as nodes and text, for a sentence with elements inside it (a link): `values` may hold nodes,
 * which take their placeholder's place — the sentence stays whole in the catalogue, its words in any order.
 */
export function tNodes(key, values = {}) {
    return parts(key, values);
}

// MARK: numbers, dates, lists

/** A number in the locale ("12,345", "12 345", "١٢٬٣٤٥"); "—" when unknown. */
export function formatNumber(value, options) {
    return Number.isFinite(value) ? format('NumberFormat', options).format(value) : '—';
}

/** A date as the locale writes it in short ("Nov 27, 2026", "27 нояб. 2026 г.", "2026년 11월 27일"); '' when none. */
export function formatDate(iso) {
    if (!iso) return '';
    // Cards of a long scroll ask for the same dates again and again: each is formatted once.
    let text = current.dates.get(iso);
    if (text === undefined) {
        const date = new Date(iso);
        text = Number.isNaN(date.getTime()) ? ''
            : format('DateTimeFormat', { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
        if (current.dates.size > 2000) current.dates.clear();
        current.dates.set(iso, text);
    }
    return text;
}

/** A date and time of day ("Nov 27, 2026, 4:05 PM"); '' when none. */
export function formatDateTime(iso) {
    const date = iso ? new Date(iso) : null;
    if (!date || Number.isNaN(date.getTime())) return '';
    return format('DateTimeFormat', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A time from now ("in 5 minutes", "через 5 минут", "5분 후"), in whole seconds under 90, else minutes. */
export function formatRelative(seconds) {
    const relative = format('RelativeTimeFormat', { numeric: 'always' });
    return seconds < 90 ? relative.format(seconds, 'second') : relative.format(Math.ceil(seconds / 60), 'minute');
}

/** Items as a list in the locale: 'conjunction' ("A, B and C"), 'disjunction' ("A, B or C"). */
export function formatList(items, type = 'conjunction') {
    return format('ListFormat', { type }).format(items.map(String));
}

/** The parts of one name, from the narrowest (a place's name, its city, its country; a street, a city). */
export function formatParts(parts) {
    return parts.join(t('common.partSeparator'));
}

/** A size in bytes: "12 bytes", "512 kB", "1.2 MB" in the locale's words for them; '' when unknown. */
export function formatBytes(bytes) {
    if (!Number.isFinite(bytes)) return '';
    if (bytes < 1024) return format('NumberFormat', { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
    const [unit, value, digits] = bytes < 1024 * 1024 ? ['kilobyte', bytes / 1024, 0] : ['megabyte', bytes / 1024 / 1024, 1];
    return format('NumberFormat', { style: 'unit', unit, maximumFractionDigits: digits, minimumFractionDigits: digits })
        .format(value);
}

/** A size in pixels ("1179 × 2556"), its numbers not grouped, as screens and cameras write them. */
export function formatDimensions(width, height) {
    const plain = { useGrouping: false };
    return t('common.dimensions', { width: formatNumber(width, plain), height: formatNumber(height, plain) });
}

/** A distance in kilometres ("50 km", "50 км"). */
export function formatKilometres(value) {
    return format('NumberFormat', { style: 'unit', unit: 'kilometer' }).format(value);
}
