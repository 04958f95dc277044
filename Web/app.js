// Boot: session, theme, tabs and routes, offline notice, service worker. Only the feed is loaded up front; every
// other screen is a module fetched when first needed (and in the background once the feed is on screen), so the
// first photo waits for as little script as possible. Nothing waits for the session check but the screens that
// need a signed-in person.

import { loadSession, session, sessionReady, NetworkError } from './api.js';
import { createFeed } from './feed.js';
import { viewerSource } from './photos.js';
import { current, go, start } from './router.js';

const THEME_KEY = 'imagefeed.theme';
const theme = {
    preference: () => localStorage.getItem(THEME_KEY) || 'system',
    effective() {
        const chosen = this.preference();
        if (chosen !== 'system') return chosen;
        return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    },
    set(value) {
        if (value === 'system') localStorage.removeItem(THEME_KEY); else localStorage.setItem(THEME_KEY, value);
        this.apply();
    },
    apply() {
        const chosen = this.preference();
        if (chosen === 'system') delete document.documentElement.dataset.theme;
        else document.documentElement.dataset.theme = chosen;
        const dark = this.effective() === 'dark';
        const toggle = document.getElementById('theme-toggle');
        toggle.setAttribute('aria-pressed', String(dark));
        toggle.setAttribute('aria-label', 'Dark mode');
        document.querySelector('meta[name=theme-color]').content = dark ? '#111214' : '#fafaf9';
    },
};
theme.apply();
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => theme.apply());
document.getElementById('theme-toggle').addEventListener('click', () => {
    theme.set(theme.effective() === 'dark' ? 'light' : 'dark');
});

const sections = Object.fromEntries(
    [...document.querySelectorAll('main > section[data-view]')].map((node) => [node.dataset.view, node]),
);

const launch = document.getElementById('launch');
/** The launch screen leaves once the first screen has something to show. */
function launched() {
    if (!launch.isConnected || launch.classList.contains('done')) return;
    launch.classList.add('done');
    setTimeout(() => launch.remove(), 400);
    afterFirstScreen();
}

const views = { feed: createFeed(sections.feed, { onFirstPage: launched }) };
/** The other screens: their module and how to make them, on first use. */
const LAZY = {
    search: ['./search.js', (m) => m.createSearch(sections.search)],
    favourites: ['./favourites.js', (m) => m.createFavourites(sections.favourites)],
    profile: ['./profile.js', (m) => m.createProfile(sections.profile, { theme })],
    user: ['./albums.js', (m) => m.createUserPage(sections.user)],
    collections: ['./albums.js', (m) => m.createAlbumPage(sections.collections)],
};
const AUTH = './auth.js';
const AUTH_SCREENS = {
    signin: (m, route) => m.renderSignIn(sections.auth, route),
    login: (m, route) => m.renderLogin(sections.auth, route, signedIn),
    signup: (m, route) => m.renderSignUp(sections.auth, route, signedIn),
};
const NEEDS_SIGN_IN = new Set(['favourites', 'profile']);
const TAB_OF = { feed: 'feed', search: 'search', favourites: 'favourites', profile: 'profile', user: null, collections: null };

const modules = {};
/** A lazily loaded module, once (a failed load may be tried again). */
function load(path) {
    modules[path] ??= import(path).catch((error) => {
        delete modules[path];
        throw error;
    });
    return modules[path];
}

function signedIn() {}

// The first answer about the session only tells who was already here (the feed loaded with their cookie);
// a later change is a sign-in or sign-out, after which liked states differ.
let sessionUserID;
session.onChange((user) => {
    if (sessionUserID !== undefined && (user?.id ?? null) !== sessionUserID) views.feed.reset();
    sessionUserID = user?.id ?? null;
});

let viewer = null;
async function loadViewer() {
    const m = await load('./viewer.js');
    viewer ??= m.createViewer(() => {
        if (history.state?.viewerFromApp) history.back();
        else go(lastPage || '/feed', { replace: true });
    });
    return viewer;
}

/** Once the first screen is up: fetch the other screens' modules while nobody waits for them. */
function afterFirstScreen() {
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
    setTimeout(() => idle(() => {
        for (const path of new Set([...Object.values(LAZY).map(([path]) => path), './viewer.js', AUTH])) {
            load(path).catch(() => {});
        }
        if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
    }), 500);
}

const scrollPositions = new Map();
let shownKey = null;
let lastPage = null;
let lastTab = 'feed';
let routeToken = 0;

/** Shows a page; a screen not needed before is loaded first (the current one stays up meanwhile). */
function showPage(route) {
    const name = route.name in views || route.name in LAZY || route.name in AUTH_SCREENS ? route.name : 'feed';
    const token = ++routeToken;
    const path = name in AUTH_SCREENS ? AUTH : !views[name] && LAZY[name]?.[0];
    if (!path) {
        paintPage(route, name);
        return;
    }
    load(path).then((m) => {
        if (token !== routeToken) return;
        if (!(name in AUTH_SCREENS)) views[name] ??= LAZY[name][1](m);
        paintPage(route, name, m);
    }, moduleFailed);
}

function moduleFailed() {
    launched();
    import('./ui.js').then((m) => m.toast('This screen could not be loaded. Check your connection.'));
}

function paintPage(route, name, module) {
    const key = route.name === 'user' || route.name === 'collections' ? route.path.split('?')[0] : route.name;
    if (shownKey && shownKey !== key) scrollPositions.set(shownKey, window.scrollY);
    for (const [viewName, view] of Object.entries(views)) {
        if (viewName !== name) view.hide();
    }
    const sectionName = name in AUTH_SCREENS ? 'auth' : name;
    for (const [sectionKey, node] of Object.entries(sections)) node.hidden = sectionKey !== sectionName;
    document.body.dataset.screen = sectionName;
    if (sectionName !== 'auth') sections.auth.replaceChildren();
    if (name in AUTH_SCREENS) {
        AUTH_SCREENS[name](module, route);
        launched();
    } else {
        views[name].show(route);
        if (name !== 'feed') launched();
        lastTab = TAB_OF[name] ?? lastTab;
        // A tab link leads back to where that tab was left (its search, its filters).
        if (TAB_OF[name]) document.querySelector(`.tabs a[data-tab=${name}]`).setAttribute('href', `#${route.path}`);
    }
    for (const link of document.querySelectorAll('.tabs a')) {
        if (link.dataset.tab === lastTab && !(name in AUTH_SCREENS)) link.setAttribute('aria-current', 'page');
        else link.removeAttribute('aria-current');
    }
    const restored = scrollPositions.get(key) ?? 0;
    if (shownKey !== key) {
        window.scrollTo(0, restored);
        // Lists lay out on the next frame; scroll again once they have their height.
        requestAnimationFrame(() => window.scrollTo(0, restored));
    }
    shownKey = key;
    lastPage = route.path;
    document.title = { feed: 'Feed', search: 'Search', favourites: 'Favourites', profile: 'Profile', signin: 'Sign in', login: 'Sign in', signup: 'Create account', user: 'Albums', collections: 'Album' }[name] + ' · ImageFeed';
}

let sessionChecked = false;
let viewerToken = 0;

async function onRoute(route) {
    if (route.name === 'photo' && route.params[0]) {
        if (!shownKey) showPage({ ...current(), name: viewerSource.from || 'feed', params: [], path: '/feed' });
        const token = ++viewerToken;
        try {
            await loadViewer();
        } catch {
            moduleFailed();
            return;
        }
        if (token !== viewerToken || current().name !== 'photo') return;
        launched();
        if (viewer.currentID !== route.params[0] || !viewer.isOpen) viewer.open(route.params[0]);
        return;
    }
    viewerToken += 1;
    if (viewer?.isOpen) viewer.close();
    // Only these screens depend on who is signed in: they wait for the session check, nothing else does.
    if ((NEEDS_SIGN_IN.has(route.name) || route.name in AUTH_SCREENS) && !sessionChecked) {
        const token = ++routeToken;
        await sessionReady;
        if (token !== routeToken) return;
    }
    if (NEEDS_SIGN_IN.has(route.name) && !session.user) {
        go(`/signin?next=${encodeURIComponent(route.path)}`, { replace: true });
        return;
    }
    if (route.name in AUTH_SCREENS && session.user && route.name !== 'signin') {
        go('/feed', { replace: true });
        return;
    }
    showPage(route);
}

// Opening the viewer from inside the app marks the entry, so "back" can pop it and land on the same scroll.
document.addEventListener('click', (event) => {
    const link = event.target.closest('a[href^="#/photo/"]');
    if (!link || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    history.pushState({ viewerFromApp: true }, '', link.getAttribute('href'));
    onRoute(current());
});

session.onChange((user) => {
    document.body.classList.toggle('signed-in', Boolean(user));
    if (user && !sections.profile.hidden) views.profile?.refresh();
});

// MARK: offline

const offlineBanner = document.getElementById('offline');
function paintOnline() {
    offlineBanner.hidden = navigator.onLine;
}
window.addEventListener('online', paintOnline);
window.addEventListener('offline', paintOnline);
paintOnline();

// MARK: launch

start(onRoute);
loadSession().catch((error) => {
    if (!(error instanceof NetworkError)) throw error;
    offlineBanner.hidden = false;
}).finally(() => {
    sessionChecked = true;
    sessionUserID ??= session.user?.id ?? null;
});
// However the first screen fares, the launch screen never stays up for long.
setTimeout(launched, 8000);
