// The Feed tab's columns of photo cards: the editorial feed (newest first), the photos of the people one follows,
// and — in topics.js — a topic's photos; above each, the row of feeds and featured topics.

import { PhotoList, arrayPages, takeFirstPage, slimPhoto, get, reason, session } from './api.js';
import { t, tNodes } from './i18n.js';
import { feedCard, CARD_CHROME } from './photos.js';
import { go } from './router.js';
import { el, icon, showAlert } from './ui.js';
import { VirtualGrid } from './vgrid.js';

const GAP = 28;
const PER_PAGE = 20;
/** The first page's address: index.html's inline script and the server's inlined first page use the same. */
export const FIRST_PAGE = `/photos?order_by=latest&per_page=${PER_PAGE}`;

/** A fetchPage (see PhotoList) answering what a list keeps of each photo. */
export function slimPages(fetchPage) {
    return async (...page) => {
        const answer = await fetchPage(...page);
        return { ...answer, photos: answer.photos.map(slimPhoto) };
    };
}

let featured = null;
/** The featured topics, asked for once (again after a failure: none meanwhile). */
function featuredTopics() {
    featured ??= get('/topics?order_by=featured&per_page=30').then((topics) => topics.filter((topic) => topic.featured),
        () => {
            featured = null;
            return [];
        });
    return featured;
}

/**
 * The row above the Feed tab's columns: the editorial feed, Following, then the featured topics; `current` is the
 * one shown ('feed', 'following' or a topic's slug). The row's height is fixed, so the topics arriving move nothing;
 * they are asked for once `ready` settles (the feed's first page is on screen: its photos have the network first).
 */
export function feedNav(current, ready = Promise.resolve()) {
    const link = (href, text, here) => el('a.chip', { href, 'aria-current': here && 'page' }, text);
    const nav = el('nav.feed-nav', { 'aria-label': t('feed.nav') },
        link('#/feed', t('feed.editorial'), current === 'feed'), link('#/following', t('feed.following'), current === 'following'));
    ready.then(featuredTopics).then((topics) => {
        if (!topics.length) return;
        nav.append(el('span.feed-nav-rule', { 'aria-hidden': 'true' }), ...topics.map((topic) =>
            link(`#/t/${encodeURIComponent(topic.slug)}`, topic.title, topic.slug === current)));
    });
    return nav;
}

/**
 * A column of cards over `list`, added to `holder`, loading the next page as its end comes near; `from` names the
 * screen for the viewer. `empty`: an element shown when the list has no photo at all (else a line says so);
 * `onFirstPage()` runs once, when the first page is on screen (or could not be loaded).
 */
export function cardColumn(holder, list, from, { empty = null, onFirstPage } = {}) {
    const grid = el('div.feed-list');
    const status = el('p.list-status', { role: 'status' });
    if (empty) empty.hidden = true;
    holder.append(grid, ...(empty ? [empty] : []), status);

    const virtual = new VirtualGrid(grid, list, {
        columns: () => 1,
        gap: GAP,
        itemHeight: (photo, width) => CARD_CHROME + (width * photo.height) / photo.width,
        render: (photo, index, reuse) => feedCard(photo, list, from, index, reuse),
        onNearEnd: () => loadMore(),
        firstScreenFirst: true,
        defer: true,
    });

    // A deleted photo leaves every column at once (the viewer and the editor tell of it).
    document.addEventListener('photo-deleted', ({ detail: { id } }) => list.remove(id));

    let firstShown = onFirstPage;
    function shown() {
        firstShown?.();
        firstShown = null;
    }

    async function loadMore() {
        if (list.done || list.loading) return;
        status.textContent = list.items.length ? '' : t('feed.loading');
        status.classList.add('loading');
        try {
            await list.more();
            const none = list.done && !list.items.length;
            status.textContent = list.done && list.items.length ? t('feed.end') : none && !empty ? t('feed.none') : '';
            if (empty) empty.hidden = !none;
            shown();
        } catch (error) {
            status.textContent = '';
            shown();
            if (error.status === 401) {
                session.set(null);
                go(`/signin?next=${encodeURIComponent(location.hash.slice(1))}`, { replace: true });
                return;
            }
            const choice = await showAlert(t('feed.loadFailed'), reason(error), [t('common.tryAgain'), t('common.cancel')]);
            if (choice === 0) loadMore();
            else status.append(el('button.secondary', { type: 'button', onclick: loadMore }, t('feed.loadMore')));
        } finally {
            status.classList.remove('loading');
        }
    }

    return {
        list,
        show() {
            virtual.setActive(true);
            if (!list.items.length) loadMore();
        },
        hide() { virtual.setActive(false); },
        /** Starts again from the first page (loaded at once when on screen). */
        reset() {
            list.reset();
            if (empty) empty.hidden = true;
            status.textContent = '';
            if (!holder.closest('[hidden]')) loadMore();
        },
    };
}

/** The editorial feed. `onFirstPage()` runs once, when the first page is on screen (or could not be loaded). */
export function createFeed(section, { onFirstPage } = {}) {
    const pages = arrayPages('/photos', { order_by: 'latest' });
    // The first page may already be in the document (inlined by the server, or fetched early by index.html).
    const list = new PhotoList(slimPages(async (page, perPage, next) =>
        (page === 1 && !next && await takeFirstPage(FIRST_PAGE)) || pages(page, perPage, next)), PER_PAGE);
    let firstPageShown;
    const ready = new Promise((resolve) => { firstPageShown = resolve; });
    section.append(el('h1.visually-hidden', { text: t('screen.feed') }), feedNav('feed', ready));
    // The newest photos come first: one just uploaded goes to the top at once, without reloading the feed (a feed
    // not loaded yet will have it in its first page).
    document.addEventListener('photo-uploaded', ({ detail: { photo } }) => {
        if (list.page) list.prepend([slimPhoto(photo)]);
    });
    // After signing in or out, liked states differ: app.js calls `reset`.
    return cardColumn(section, list, 'feed', {
        onFirstPage() {
            firstPageShown();
            onFirstPage?.();
        },
    });
}

/**
 * The photos of the people the signed-in person follows, newest first. It starts again when they follow or stop
 * following someone (a `user-followed` event) or someone else signs in.
 */
export function createFollowing(section) {
    const list = new PhotoList(slimPages(arrayPages('/photos', { feed: 'following', order_by: 'latest' })), PER_PAGE);
    section.append(el('h1.visually-hidden', { text: t('screen.following') }), feedNav('following'));
    const empty = el('div.empty', {}, icon('profile', 'icon big'), el('h2', { text: t('following.empty.title') }),
        el('p', {}, ...tNodes('following.empty.text', {
            link: el('a', { href: '#/search?type=users', text: t('following.empty.link') }),
        })));
    const column = cardColumn(section, list, 'following', { empty });
    let stale = false;
    const outdated = () => { stale = true; };
    session.onChange(outdated);
    document.addEventListener('user-followed', outdated);
    return {
        ...column,
        show() {
            if (stale) {
                stale = false;
                column.reset();
            }
            column.show();
        },
    };
}
