// The feed: an endless column of photo cards, newest first.

import { PhotoList, arrayPages, takeFirstPage, slimPhoto, NetworkError } from './api.js';
import { feedCard, CARD_CHROME } from './photos.js';
import { el, showAlert } from './ui.js';
import { VirtualGrid } from './vgrid.js';

const GAP = 28;
const PER_PAGE = 20;
/** The first page's address: index.html's inline script and the server's inlined first page use the same. */
export const FIRST_PAGE = `/photos?order_by=latest&per_page=${PER_PAGE}`;

/** `onFirstPage()` runs once, when the first page is on screen (or could not be loaded). */
export function createFeed(section, { onFirstPage } = {}) {
    const pages = arrayPages('/photos', { order_by: 'latest' });
    // The first page may already be in the document (inlined by the server, or fetched early by index.html).
    const list = new PhotoList(async (page, perPage, next) => {
        const answer = (page === 1 && !next && await takeFirstPage(FIRST_PAGE)) || await pages(page, perPage, next);
        return { ...answer, photos: answer.photos.map(slimPhoto) };
    }, PER_PAGE);
    const grid = el('div.feed-list');
    const status = el('p.list-status', { role: 'status' });
    section.append(el('h1.visually-hidden', { text: 'Feed' }), grid, status);

    const virtual = new VirtualGrid(grid, list, {
        columns: () => 1,
        gap: GAP,
        itemHeight: (photo, width) => CARD_CHROME + (width * photo.height) / photo.width,
        render: (photo, index, reuse) => feedCard(photo, list, 'feed', index, reuse),
        onNearEnd: () => loadMore(),
        firstScreenFirst: true,
        defer: true,
    });

    let firstShown = onFirstPage;
    function shown() {
        firstShown?.();
        firstShown = null;
    }

    async function loadMore() {
        if (list.done || list.loading) return;
        status.textContent = list.items.length ? '' : 'Loading photos…';
        status.classList.add('loading');
        try {
            await list.more();
            status.textContent = list.done && list.items.length ? 'You’re all caught up.' : '';
            if (!list.items.length && list.done) status.textContent = 'No photos yet.';
            shown();
        } catch (error) {
            status.textContent = '';
            shown();
            const message = error instanceof NetworkError
                ? 'The server did not answer. Check your connection.' : error.message;
            const choice = await showAlert('Could not load photos', message, ['Try again', 'Cancel']);
            if (choice === 0) loadMore();
            else status.append(el('button.secondary', { type: 'button', onclick: loadMore }, 'Load more photos'));
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
        /** After signing in or out: liked states changed, so start again. */
        reset() {
            list.reset();
            if (!section.hidden) loadMore();
        },
    };
}
