// Offline support: the app shell is kept (network first, so updates arrive at once), recently seen images are
// served from a bounded cache, and API reads fall back to their last answer.

const SHELL = 'imagefeed-shell-v1';
const IMAGES = 'imagefeed-images-v1';
const API = 'imagefeed-api-v1';
const MAX_IMAGES = 300;
const MAX_API = 60;
const SHELL_FILES = [
    '/', '/index.html', '/app.css', '/app.js', '/api.js', '/router.js', '/ui.js', '/blurhash.js', '/vgrid.js',
    '/photos.js', '/feed.js', '/viewer.js', '/viewer-gestures.js', '/viewer-info.js', '/viewer-download.js',
    '/device.js', '/search.js', '/albums.js', '/album-card.js', '/favourites.js', '/profile.js', '/auth.js', '/topics.js',
    '/people.js', '/sheet.js', '/upload.js', '/photo-edit.js', '/album-edit.js', '/collect.js', '/i18n.js',
    '/icon.svg', '/manifest.webmanifest',
];
/** The languages' catalogues: only the one in use is kept (the page asks for it once this worker controls it). */
const CATALOGUE = /^\/i18n\/[\w-]+\.json$/;

self.addEventListener('install', (event) => {
    event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
    const keep = new Set([SHELL, IMAGES, API]);
    event.waitUntil(caches.keys()
        .then((names) => Promise.all(names.filter((name) => !keep.has(name)).map((name) => caches.delete(name))))
        .then(() => self.clients.claim()));
});

async function trim(cacheName, max) {
    const cache = await caches.open(cacheName);
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/** Network first (the page's inlined first feed page and the API are never stale); the last answer offline. */
async function networkFirst(event, cacheName, max) {
    const request = event.request;
    try {
        const response = await fetch(request);
        // The page gets its answer at once; keeping a copy happens on the side.
        if (response.ok) event.waitUntil(keep(cacheName, request, response.clone(), max));
        return response;
    } catch (error) {
        const cache = await caches.open(cacheName);
        const cached = await cache.match(request, { ignoreVary: true })
            || (request.mode === 'navigate' ? await cache.match('/index.html') : undefined);
        if (cached) return cached;
        throw error;
    }
}

const added = {};
async function keep(cacheName, request, response, max) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response);
    // Trimming lists the whole cache: do it once every few additions, not for every image of a fast scroll.
    added[cacheName] = (added[cacheName] || 0) + 1;
    if (max && added[cacheName] % 20 === 0) await trim(cacheName, max);
}

async function cacheFirst(event) {
    const request = event.request;
    const cached = await caches.match(request, { cacheName: IMAGES });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) event.waitUntil(keep(IMAGES, request, response.clone(), MAX_IMAGES));
    return response;
}

self.addEventListener('fetch', (event) => {
    const request = event.request;
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.origin !== self.location.origin) return;
    if (url.pathname.startsWith('/img/') || url.pathname.startsWith('/avatars/')) {
        if (url.searchParams.has('dl')) return;
        event.respondWith(cacheFirst(event));
    } else if (request.mode === 'navigate' || SHELL_FILES.includes(url.pathname) || CATALOGUE.test(url.pathname)) {
        event.respondWith(networkFirst(event, SHELL));
    } else if (/^\/(photos|search|users|collections|me|devices|topics)(\/|$)/.test(url.pathname)) {
        event.respondWith(networkFirst(event, API, MAX_API));
    }
});
