// Same-origin JSON client for the ImageFeed API. The session cookie carries the signed-in person; the browser
// adds Origin to state changes, which the server checks.

import { t } from './i18n.js';

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {}

/** The server answered with an error status; `errors` holds its messages. */
export class ApiError extends Error {
    constructor(status, errors, headers) {
        super(errors[0] || `HTTP ${status}`);
        this.status = status;
        this.errors = errors;
        this.headers = headers;
    }
}

/** Sends one request; resolves to `{data, headers, status}` or throws NetworkError / ApiError. */
export async function request(method, path, { json, body, signal } = {}) {
    const headers = { Accept: 'application/json' };
    if (json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(json);
    }
    let response;
    try {
        response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal });
    } catch (error) {
        if (error.name === 'AbortError') throw error;
        throw new NetworkError('The server did not answer.');
    }
    let data = null;
    if (response.status !== 204) {
        const text = await response.text().catch(() => '');
        try { data = text ? JSON.parse(text) : null; } catch { data = null; }
    }
    if (!response.ok) {
        const errors = data && Array.isArray(data.errors) ? data.errors : [];
        throw new ApiError(response.status, errors, response.headers);
    }
    return { data, headers: response.headers, status: response.status };
}

export const get = (path, options) => request('GET', path, options).then((r) => r.data);

/**
 * What to tell the person of a failed request: that nothing answered, the server's message (the API speaks English,
 * as Unsplash's does), or its status.
 */
export const reason = (error) => (error instanceof NetworkError ? t('common.noAnswer')
    : error.errors?.[0] || (error.status ? t('common.httpError', { status: String(error.status) }) : error.message));

/** A query string from an object, skipping empty values. */
export function query(params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
        if (value !== undefined && value !== null && value !== '') search.set(key, value);
    }
    const text = search.toString();
    return text ? `?${text}` : '';
}

/** The signed-in person (or null) and who to tell when it changes. */
export const session = {
    user: null,
    failure: null,
    listeners: new Set(),
    set(user) {
        this.user = user;
        for (const listener of this.listeners) listener(user);
    },
    onChange(listener) { this.listeners.add(listener); },
};

let sessionKnown;
/** Settles once the first answer about the session is in (`loadSession`), whatever it was. */
export const sessionReady = new Promise((resolve) => { sessionKnown = resolve; });

/**
 * Asks who is signed in. Only the server's "not signed in" (401) signs someone out: when the check itself fails (no
 * answer, a server error), `session.failure` keeps the error, to be tried again, and nobody is sent to sign in.
 */
export async function loadSession() {
    session.failure = null;
    try {
        session.set(await get('/me'));
    } catch (error) {
        if (error.status === 401) session.set(null);
        else session.failure = error;
    } finally {
        sessionKnown();
    }
    return session.user;
}

/**
 * What a list keeps of a photo: what cards, cells and the viewer's first look use. A feed scrolled through
 * thousands of photos holds them all, so the rest of the API's answer (every size's URL, EXIF, location, tags, the
 * photographer's counts and links…) is left to the viewer's own request for the photo, which adds it back.
 */
export function slimPhoto(photo) {
    const user = photo.user || {};
    return {
        id: photo.id, width: photo.width, height: photo.height, color: photo.color, blur_hash: photo.blur_hash,
        description: photo.description, alt_description: photo.alt_description, created_at: photo.created_at,
        taken_at: photo.taken_at, likes: photo.likes, liked_by_user: photo.liked_by_user,
        urls: { raw: photo.urls?.raw }, links: { html: photo.links?.html, download: photo.links?.download },
        original: photo.original,
        // Where a photo from another service came from: its credit goes wherever the photo is shown large.
        source: photo.source, license: photo.license,
        user: { id: user.id, username: user.username, name: user.name, first_name: user.first_name,
            last_name: user.last_name, profile_image: user.profile_image },
    };
}

const known = new Map();
/** One shared object per photo id, so a like shows in every list at once. */
export function intern(photo) {
    const existing = known.get(photo.id);
    if (existing) return Object.assign(existing, photo);
    if (known.size > 5000) known.delete(known.keys().next().value);
    known.set(photo.id, photo);
    return photo;
}

/**
 * A paged list of photos (feed, search, favourites, album) that views and the viewer share. `fetchPage(page,
 * perPage, next)` resolves to `{photos, total, extra, next, last}`: `next` is the address of the following page
 * when the server named one (its Link header), `last` says it named none.
 */
export class PhotoList {
    constructor(fetchPage, perPage = 24) {
        this.fetchPage = fetchPage;
        this.perPage = perPage;
        this.listeners = new Set();
        this.extra = null;
        this.reset(false);
    }

    /** Back to nothing loaded (after signing in or out, say); listeners hear of it when `emit`. */
    reset(emit = true) {
        this.items = [];
        this.ids = new Set();
        this.page = 0;
        this.next = null;
        this.done = false;
        this.loading = null;
        if (emit) this.emit();
    }

    /** Loads the next page once; resolves to true when photos were added. */
    more() {
        if (this.done) return Promise.resolve(false);
        if (this.loading) return this.loading;
        const items = this.items;
        const loading = this.loading = (async () => {
            try {
                const { photos, total, extra, next, last } = await this.fetchPage(this.page + 1, this.perPage, this.next);
                if (items !== this.items) return false;   // reset meanwhile: this page belongs to the old list
                this.page += 1;
                this.next = next || null;
                this.extra = extra ?? this.extra;
                const fresh = [];
                for (const photo of photos) {
                    if (this.ids.has(photo.id)) continue;
                    this.ids.add(photo.id);
                    fresh.push(intern(photo));
                }
                this.items.push(...fresh);
                this.total = total;
                if (photos.length < this.perPage || last || (total !== undefined && this.items.length >= total)) {
                    this.done = true;
                }
                this.emit();
                return fresh.length > 0;
            } finally {
                if (this.loading === loading) this.loading = null;
            }
        })();
        return loading;
    }

    /** Puts photos the list does not hold yet at its top (photos just uploaded). */
    prepend(photos) {
        const fresh = photos.filter((photo) => !this.ids.has(photo.id)).map(intern);
        if (!fresh.length) return;
        for (const photo of fresh) this.ids.add(photo.id);
        this.items.unshift(...fresh);
        if (this.total !== undefined) this.total += fresh.length;
        this.emit();
    }

    remove(id) {
        const index = this.items.findIndex((photo) => photo.id === id);
        if (index < 0) return;
        this.items.splice(index, 1);
        this.ids.delete(id);
        if (this.total) this.total -= 1;
        this.emit();
    }

    onChange(listener) { this.listeners.add(listener); }
    emit() { for (const listener of this.listeners) listener(this); }
}

/** The `rel` → same-origin path (with query) map of a Link header. */
export function parseLink(header) {
    const links = {};
    for (const [, target, rels] of (header || '').matchAll(/<([^>]*)>\s*;\s*rel="?([^";,]+)"?/g)) {
        const url = new URL(target, location.href);
        for (const rel of rels.trim().split(/\s+/)) links[rel] = url.pathname + url.search;
    }
    return links;
}

/** A page's photos and what its headers tell about the next one. */
function arrayPage(data, headers) {
    const link = headers.get('Link');
    const links = parseLink(link);
    return { photos: data, total: Number(headers.get('X-Total') ?? NaN) || undefined, next: links.next,
        last: Boolean(link) && !links.next };
}

/**
 * A fetchPage for an endpoint answering an array with X-Total and Link. It follows the Link header's rel="next"
 * (the feed's carries a keyset cursor, as cheap at photo 2,000 as at photo 20) and counts `page=N` otherwise.
 * The first page's address has no `page`, as the server's inlined first feed page names it.
 */
export function arrayPages(path, params = {}) {
    return async (page, perPage, next) => {
        const url = next || path + query({ ...params, page: page > 1 ? page : '', per_page: perPage });
        const response = await request('GET', url);
        return arrayPage(response.data, response.headers);
    };
}

/**
 * The first page of `path` when index.html already holds it (the server inlines it) or has asked for it early
 * (its inline script, at parse time): `{photos, total, next, last}` once, else null.
 */
export async function takeFirstPage(path) {
    const first = window.__firstPage;
    if (!first || first.path !== path) return null;
    window.__firstPage = null;
    const page = await first.promise.catch(() => null);
    if (!page || !Array.isArray(page.photos)) return null;
    return arrayPage(page.photos, new Headers({ Link: page.link || '', 'X-Total': String(page.total ?? '') }));
}

/** Likes or unlikes; resolves to the photo as the server now sees it. */
export async function setLike(id, liked) {
    const { data } = await request(liked ? 'POST' : 'DELETE', `/photos/${encodeURIComponent(id)}/like`);
    return data.photo;
}

/** An image URL of a given width, in the best format the browser takes. */
export function imageURL(photo, width, height) {
    const base = photo.urls.raw.split('?')[0];
    return height ? `${base}?w=${width}&h=${height}&fit=crop&fm=auto` : `${base}?w=${width}&fm=auto`;
}

export function srcset(photo, widths) {
    return widths.map((width) => `${imageURL(photo, width)} ${width}w`).join(', ');
}
