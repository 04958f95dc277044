// Favourites: the signed-in person's liked photos, most recently liked first; unliking removes a photo.

import { PhotoList, arrayPages, reason, session } from './api.js';
import { t, tNodes } from './i18n.js';
import { gridCell, gridColumns } from './photos.js';
import { el, icon, showAlert } from './ui.js';
import { VirtualGrid } from './vgrid.js';

export function createFavourites(section) {
    const grid = el('div.photo-grid');
    const empty = el('div.empty', { hidden: true }, icon('heart', 'icon big'), el('h2', { text: t('favourites.empty.title') }),
        el('p', {}, ...tNodes('favourites.empty.text', { link: el('a', { href: '#/feed', text: t('common.browseFeed') }) })));
    const count = el('p.muted', { role: 'status' });
    section.append(el('header.page-head', {}, el('h1', { text: t('screen.favourites') }), count), grid, empty);

    let list = null;
    let virtual = null;
    let owner = null;
    let stale = true;
    let active = false;

    function reset() {
        owner = session.user?.username;
        list = new PhotoList(arrayPages(`/users/${encodeURIComponent(owner)}/likes`), 30);
        virtual?.setActive(false);
        grid.replaceChildren();
        virtual = new VirtualGrid(grid, list, {
            columns: gridColumns, gap: 4, itemHeight: (_, width) => width,
            render: (photo, index, reuse) => gridCell(photo, list, 'favourites', { withLike: true, reuse }),
            onNearEnd: () => more(),
        });
        list.onChange(paint);
        stale = false;
        virtual.setActive(active);
        more();
    }

    function paint() {
        empty.hidden = list.items.length > 0 || !list.page;
        count.textContent = list.page ? t('common.photoCount', { count: list.total ?? list.items.length }) : '';
    }

    async function more() {
        try {
            await list.more();
        } catch (error) {
            if (await showAlert(t('favourites.loadFailed'), reason(error), [t('common.tryAgain'), t('common.cancel')]) === 0) more();
        }
    }

    document.addEventListener('photo-liked', ({ detail: { photo } }) => {
        if (!list) return;
        if (!photo.liked_by_user) list.remove(photo.id);
        else if (!list.items.some((item) => item.id === photo.id)) stale = true;
    });
    session.onChange(() => { stale = true; });
    document.addEventListener('photo-deleted', ({ detail: { id } }) => list?.remove(id));

    return {
        get list() { return list; },
        show() {
            active = true;
            if (stale || owner !== session.user?.username) reset();
            else virtual.setActive(true);
        },
        hide() {
            active = false;
            virtual?.setActive(false);
        },
    };
}
