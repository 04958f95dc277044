// Boot: session, theme, language, tabs and routes, offline notice, service worker. Only the feed is loaded up front;
// every other screen is a module fetched when first needed (and in the background once the feed is on screen), so
// the first photo waits for as little script as possible. Nothing waits for the session check but the screens that
// need a signed-in person.

import { loadSession, reason, session, sessionReady, NetworkError } from './api.js';
import { createFeed } from './feed.js';
import { language, preference, setLanguage, t } from './i18n.js';
import { viewerSource } from './photos.js';
import { current, go, start, OPEN_ON } from './router.js';
import { el, toast } from './ui.js';

/**
 * The page's own words (index.html): `data-i18n="KEY"` for an element's text, `data-i18n-attr="ATTRIBUTE:KEY …"`
 * for its attributes.
 */
function translatePage() {
    for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
    for (const node of document.querySelectorAll('[data-i18n-attr]')) {
        for (const pair of node.dataset.i18nAttr.split(/\s+/)) {
            const [attribute, key] = pair.split(':');
            node.setAttribute(attribute, t(key));
        }
    }
    // What shows over the page while photos are dragged onto it (app.css: body.dropping::after).
    document.body.dataset.dropLabel = t('upload.dropAnywhere');
}
translatePage();

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
let afterLaunch = null;
/** The launch screen leaves once the first screen has something to show. */
function launched() {
    if (!launch.isConnected || launch.classList.contains('done')) return;
    launch.classList.add('done');
    setTimeout(() => launch.remove(), 400);
    afterFirstScreen();
    afterLaunch?.();
}

/** Screens whose scroll position belongs to their address (each person's page, each album), not to the screen. */
const byPath = (route) => route.path.split('?')[0];
/** What the sign-in screens share: drawn anew on every visit, in one section, for whoever the session check finds. */
const SIGN_IN = { module: './auth.js', section: 'auth', session: 'checked' };

/**
 * Every screen, by the route name that shows it; the router and the boot code read nothing else about screens.
 * - `module`: where it comes from, loaded on first use (none: loaded up front with this file);
 * - `create(module)`: makes it, once, as `{show(route), hide()}`; or `render(module, route)`: draws it anew on every
 *   visit (its section is emptied when another screen is shown);
 * - `section`: the `<section data-view>` it fills, when not its own name;
 * - `tab`: the tab it belongs to: lit while it is shown, and leading back to it as it was left;
 * - `session`: 'signed-in': only for someone signed in (others are sent to sign in); 'signed-out': not for someone
 *   signed in (they go to the feed); 'checked': for anyone, once the session check has answered. Without it, the
 *   screen does not wait for the session check;
 * - `launches`: it takes the launch screen away itself, once it has something to show (else: as soon as shown);
 * - `scrollKey(route)`: what its scroll position is kept under, when not the route's name;
 * - `title`: the catalogue key of the document's title while it is shown.
 */
const SCREENS = {
    feed: {
        tab: 'feed', title: 'screen.feed', launches: true,
        create: () => createFeed(sections.feed, { onFirstPage: launched }),
    },
    // Made on its first visit, like the screens of other modules (feed.js itself is already here).
    following: {
        module: './feed.js', tab: 'feed', session: 'signed-in', title: 'screen.following',
        create: (m) => m.createFollowing(sections.following),
    },
    t: {
        module: './topics.js', section: 'topic', tab: 'feed', scrollKey: byPath, title: 'screen.topic',
        create: (m) => m.createTopicPage(sections.topic),
    },
    search: { module: './search.js', tab: 'search', title: 'screen.search', create: (m) => m.createSearch(sections.search) },
    favourites: {
        module: './favourites.js', tab: 'favourites', session: 'signed-in', title: 'screen.favourites',
        create: (m) => m.createFavourites(sections.favourites),
    },
    profile: {
        module: './profile.js', tab: 'profile', session: 'signed-in', title: 'screen.profile',
        create: (m) => m.createProfile(sections.profile, { theme }),
    },
    user: { module: './albums.js', scrollKey: byPath, title: 'screen.person', create: (m) => m.createUserPage(sections.user) },
    collections: {
        module: './albums.js', scrollKey: byPath, title: 'screen.album',
        create: (m) => m.createAlbumPage(sections.collections),
    },
    signin: { ...SIGN_IN, title: 'screen.signIn', render: (m, route) => m.renderSignIn(sections.auth, route) },
    login: {
        ...SIGN_IN, session: 'signed-out', title: 'screen.signIn',
        render: (m, route) => m.renderLogin(sections.auth, route),
    },
    signup: {
        ...SIGN_IN, session: 'signed-out', title: 'screen.signUp',
        render: (m, route) => m.renderSignUp(sections.auth, route),
    },
    // Instead of a signed-in screen when the session check failed (no answer, a server error): not a sign-in.
    problem: { title: 'screen.problem', render: () => renderProblem() },
};
/** The screen a route name shows, if any (never a property every object inherits, such as `constructor`). */
const screenOf = (name) => (Object.hasOwn(SCREENS, name) ? SCREENS[name] : undefined);

/** Sections drawn anew on every visit: emptied when another screen is shown. */
const REDRAWN_SECTIONS = new Set(Object.entries(SCREENS).filter(([, screen]) => screen.render)
    .map(([name, screen]) => screen.section ?? name));

/**
 * The viewer is not a screen: it is a dialog over the last screen shown, opened by `#/photo/ID` (so back closes it
 * and lands where that screen was left).
 */
const VIEWER = './viewer.js';

/** The screens made so far, by name: the ones loaded up front at once, the others on first use. */
const views = {};
/** Makes the screens loaded up front (at start, and again in another language). */
function makeUpFront() {
    for (const [name, screen] of Object.entries(SCREENS)) {
        if (!screen.module && screen.create) views[name] = screen.create();
    }
}
makeUpFront();

const modules = {};
/** A lazily loaded module, once (a failed load may be tried again). */
function load(path) {
    modules[path] ??= import(path).catch((error) => {
        delete modules[path];
        throw error;
    });
    return modules[path];
}

// The first answer about the session only tells who was already here (the feed loaded with their cookie);
// a later change is a sign-in or sign-out, after which liked states differ.
let sessionUserID;
session.onChange((user) => {
    if (sessionUserID !== undefined && (user?.id ?? null) !== sessionUserID) views.feed.reset();
    sessionUserID = user?.id ?? null;
});

let viewer = null;
async function loadViewer() {
    const m = await load(VIEWER);
    viewer ??= m.createViewer(() => {
        if (history.state?.viewerFromApp) history.back();
        else go(lastPage || '/feed', { replace: true });
    });
    return viewer;
}

const controlledAtStart = Boolean(navigator.serviceWorker?.controller);
/**
 * The catalogue of the language shown, asked for again through the service worker once it controls the page, so it
 * is kept for offline use (the first visit's request went out before there was a worker; other languages' are kept
 * when chosen).
 */
function keepCatalogue() {
    if (controlledAtStart) return;   // the worker kept it as it passed
    navigator.serviceWorker.addEventListener('controllerchange', () => fetch(`/i18n/${language()}.json`).catch(() => {}),
        { once: true });
}

/** Once the first screen is up: fetch the other screens' modules while nobody waits for them. */
function afterFirstScreen() {
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
    setTimeout(() => idle(() => {
        const paths = Object.values(SCREENS).map((screen) => screen.module).filter(Boolean);
        for (const path of new Set([...paths, VIEWER])) {
            load(path).catch(() => {});
        }
        if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').then(keepCatalogue, () => {});
    }), 500);
}

const scrollPositions = new Map();
let shownKey = null;
let lastPage = null;
let routeToken = 0;

/** Shows a page; a screen not needed before is loaded first (the current one stays up meanwhile). */
function showPage(route) {
    const name = screenOf(route.name) ? route.name : 'feed';
    const screen = SCREENS[name];
    const token = ++routeToken;
    const path = (screen.render || !views[name]) && screen.module;
    if (!path) {
        paintPage(route, name);
        return;
    }
    load(path).then((m) => {
        if (token !== routeToken) return;
        if (screen.create) views[name] ??= screen.create(m);
        paintPage(route, name, m);
    }, moduleFailed);
}

function moduleFailed() {
    launched();
    toast(t('app.screenFailed'));
}

/** The session check's failure, with a button to check again (and go on to the screen asked for). */
function renderProblem() {
    if (!session.failure) return go('/feed', { replace: true });   // not a place to visit by its address
    sections.problem.replaceChildren(el('div.empty', { role: 'alert' },
        el('h2', { text: t('app.sessionFailed') }),
        el('p', { text: reason(session.failure) }),
        el('button.secondary', { type: 'button', onclick: () => loadSession().then(() => onRoute(current())) },
            t('common.tryAgain'))));
}

function paintPage(route, name, module) {
    const screen = SCREENS[name];
    const key = screenOf(route.name)?.scrollKey?.(route) ?? route.name;
    if (shownKey && shownKey !== key) scrollPositions.set(shownKey, window.scrollY);
    for (const [viewName, view] of Object.entries(views)) {
        if (viewName !== name) view.hide();
    }
    const sectionName = screen.section ?? name;
    for (const [sectionKey, node] of Object.entries(sections)) node.hidden = sectionKey !== sectionName;
    document.body.dataset.screen = sectionName;
    for (const redrawn of REDRAWN_SECTIONS) {
        if (redrawn !== sectionName) sections[redrawn].replaceChildren();
    }
    if (screen.render) {
        screen.render(module, route);
        launched();
    } else {
        views[name].show(route);
        if (!screen.launches) launched();
        // A tab link leads back to where that tab was left (its search, its filters).
        if (screen.tab) {
            document.querySelector(`.tabs a[data-tab=${screen.tab}]`).setAttribute('href', `#${route.path}`);
        }
    }
    // Only a tab's own screens light it: a person's page or an album belongs to no tab.
    for (const link of document.querySelectorAll('.tabs a')) {
        if (link.dataset.tab === screen.tab) link.setAttribute('aria-current', 'page');
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
    if (refocus) {
        document.getElementById(refocus)?.focus({ preventScroll: true });
        refocus = null;
    }
    document.title = t('app.title', { screen: t(screen.title) });
}

let sessionChecked = false;
let viewerToken = 0;
/** The id of the control to give the focus back to once the screen is drawn again (in another language). */
let refocus = null;

async function onRoute(route) {
    if (route.name === 'photo' && route.params[0]) {
        // Under it, the screen it was opened from; opened at once or after signing in, the feed.
        if (!shownKey || !sections.auth.hidden) {
            showPage({ ...current(), name: viewerSource.from || 'feed', params: [], path: '/feed' });
        }
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
    const needs = screenOf(route.name)?.session;
    // Only the screens that depend on who is signed in wait for the session check; nothing else does.
    if (needs && !sessionChecked) {
        const token = ++routeToken;
        await sessionReady;
        if (token !== routeToken) return;
    }
    if (needs === 'signed-in' && !session.user) {
        if (session.failure) paintPage(route, 'problem');
        else go(`/signin?next=${encodeURIComponent(route.path)}`, { replace: true });
        return;
    }
    if (needs === 'signed-out' && session.user) {
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

// MARK: language

// The account's language follows it to every browser it signs in on (Profile's Language setting keeps it there;
// the account's answers say none when the browser's languages decide).
session.onChange((user) => {
    if (!user) return;
    const wanted = user.language || 'system';
    if (wanted !== preference()) setLanguage(wanted);
});

// In another language, the screens are made again (they hold nothing the server can't give again) and the one shown
// is drawn where it was asked for, with the focus back on the control that had it (Profile's Language setting).
document.addEventListener('language-changed', () => {
    translatePage();
    refocus = document.activeElement?.id || null;
    for (const view of Object.values(views)) view.hide();
    for (const name of Object.keys(views)) delete views[name];
    for (const section of Object.values(sections)) section.replaceChildren();
    viewer?.dispose();
    viewer = null;
    viewerSource.list = null;
    scrollPositions.clear();
    shownKey = null;
    makeUpFront();
    onRoute(current());
});

// MARK: offline

const offlineBanner = document.getElementById('offline');
function paintOnline() {
    offlineBanner.hidden = navigator.onLine;
}
window.addEventListener('online', paintOnline);
window.addEventListener('offline', paintOnline);
paintOnline();

// MARK: uploads

/**
 * The upload sheet (upload.js, loaded on first use), with `files` already chosen when they were dropped. Someone
 * not signed in is asked to sign in first, and comes back to the feed.
 */
async function openUpload(files = []) {
    if (!sessionChecked) await sessionReady;
    if (!session.user) {
        go(`/signin?next=${encodeURIComponent('/feed')}`);
        return;
    }
    load('./upload.js').then((m) => m.openUpload(files), moduleFailed);
}
document.getElementById('upload-button').addEventListener('click', () => openUpload());

// Photos dragged from the desktop onto any screen are uploaded; the sheet, once open, takes its own drops.
const carriesFiles = (event) => !event.defaultPrevented && event.dataTransfer?.types.includes('Files')
    && Boolean(session.user) && !document.querySelector('dialog:modal');
document.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    document.body.classList.add('dropping');
});
document.addEventListener('dragleave', (event) => {
    if (!event.relatedTarget) document.body.classList.remove('dropping');
});
document.addEventListener('drop', (event) => {
    document.body.classList.remove('dropping');
    if (!carriesFiles(event)) return;
    event.preventDefault();
    openUpload([...event.dataTransfer.files]);
});

// MARK: launch

// A launch at the feed (where the installed app starts) may open on the photos near the person instead: search.js
// asks the first time, once the feed is on screen, and remembers the answer.
const openOn = localStorage.getItem(OPEN_ON);
if (current().path === '/feed' && openOn !== 'feed') {
    const nearMe = () => load('./search.js').then((m) => m.openNearMe(), () => {});
    if (openOn) nearMe(); else afterLaunch = nearMe;
}

start(onRoute);
loadSession().then(() => {
    if (session.failure instanceof NetworkError) offlineBanner.hidden = false;
    sessionChecked = true;
    sessionUserID ??= session.user?.id ?? null;
});
// However the first screen fares, the launch screen never stays up for long.
setTimeout(launched, 8000);
