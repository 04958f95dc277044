// The feed: an endless column of photo cards, newest first.

import { PhotoList, arrayPages, NetworkError } from './api.js';
import { feedCard, CARD_CHROME } from './photos.js';
import { el, showAlert } from './ui.js';
import { VirtualGrid } from './vgrid.js';

const GAP = 28;

export function createFeed(section) {
    const list = new PhotoList(arrayPages('/photos', { order_by: 'latest' }), 20);
    const grid = el('div.feed-list');
    const status = el('p.list-status', { role: 'status' });
    section.append(el('h1.visually-hidden', { text: 'Feed' }), grid, status);

    const virtual = new VirtualGrid(grid, list, {
        columns: () => 1,
        gap: GAP,
        itemHeight: (photo, width) => CARD_CHROME + (width * photo.height) / photo.width,
        render: (photo) => feedCard(photo, list, 'feed'),
        onNearEnd: () => loadMore(),
    });

    async function loadMore() {
        if (list.done || list.loading) return;
        status.textContent = list.items.length ? '' : 'Loading photos…';
        status.classList.add('loading');
        try {
            await list.more();
            status.textContent = list.done && list.items.length ? 'You’re all caught up.' : '';
            if (!list.items.length) status.textContent = 'No photos yet.';
        } catch (error) {
            status.textContent = '';
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
            list.items = [];
            list.page = 0;
            list.done = false;
            list.emit();
        },
    };
}
