// Boot: session, theme, tabs and routes, offline notice, service worker.

import { loadSession, session, NetworkError } from './api.js';
import { renderSignIn, renderLogin, renderSignUp } from './auth.js';
import { createAlbumPage, createUserPage } from './albums.js';
import { createFavourites } from './favourites.js';
import { createFeed } from './feed.js';
import { viewerSource } from './photos.js';
import { createProfile } from './profile.js';
import { current, go, start } from './router.js';
import { createSearch } from './search.js';
import { createViewer } from './viewer.js';

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

const views = {
    feed: createFeed(sections.feed),
    search: createSearch(sections.search),
    favourites: createFavourites(sections.favourites),
    profile: createProfile(sections.profile, { theme }),
    user: createUserPage(sections.user),
    collections: createAlbumPage(sections.collections),
};
const AUTH_SCREENS = {
    signin: (route) => renderSignIn(sections.auth, route),
    login: (route) => renderLogin(sections.auth, route, signedIn),
    signup: (route) => renderSignUp(sections.auth, route, signedIn),
};
const NEEDS_SIGN_IN = new Set(['favourites', 'profile']);
const TAB_OF = { feed: 'feed', search: 'search', favourites: 'favourites', profile: 'profile', user: null, collections: null };

function signedIn() {}

let sessionUserID = null;
session.onChange((user) => {
    if ((user?.id ?? null) !== sessionUserID && sessionUserID !== undefined) views.feed.reset();
    sessionUserID = user?.id ?? null;
});

const viewer = createViewer(() => {
    if (history.state?.viewerFromApp) history.back();
    else go(lastPage || '/feed', { replace: true });
});

const scrollPositions = new Map();
let shownKey = null;
let lastPage = null;
let lastTab = 'feed';

function showPage(route) {
    const key = route.name === 'user' || route.name === 'collections' ? route.path.split('?')[0] : route.name;
    const name = route.name in views || route.name in AUTH_SCREENS ? route.name : 'feed';
    if (shownKey && shownKey !== key) scrollPositions.set(shownKey, window.scrollY);
    for (const [viewName, view] of Object.entries(views)) {
        if (viewName !== name) view.hide();
    }
    const sectionName = name in AUTH_SCREENS ? 'auth' : name;
    for (const [sectionKey, node] of Object.entries(sections)) node.hidden = sectionKey !== sectionName;
    document.body.dataset.screen = sectionName;
    if (sectionName !== 'auth') sections.auth.replaceChildren();
    if (name in AUTH_SCREENS) {
        AUTH_SCREENS[name](route);
    } else {
        views[name].show(route);
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

function onRoute(route) {
    if (route.name === 'photo' && route.params[0]) {
        if (!shownKey) showPage({ ...current(), name: viewerSource.from || 'feed', params: [], path: '/feed' });
        if (viewer.currentID !== route.params[0] || !viewer.isOpen) viewer.open(route.params[0]);
        return;
    }
    if (viewer.isOpen) viewer.close();
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
    if (user && !sections.profile.hidden) views.profile.refresh();
});

// MARK: offline

const offlineBanner = document.getElementById('offline');
function paintOnline() {
    offlineBanner.hidden = navigator.onLine;
}
window.addEventListener('online', paintOnline);
window.addEventListener('offline', paintOnline);
paintOnline();

if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
}

// MARK: launch

async function boot() {
    try {
        await loadSession();
        sessionUserID = session.user?.id ?? null;
    } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        offlineBanner.hidden = false;
    }
    document.body.classList.toggle('signed-in', Boolean(session.user));
    start(onRoute);
    const launch = document.getElementById('launch');
    launch.classList.add('done');
    setTimeout(() => launch.remove(), 400);
}
boot();
