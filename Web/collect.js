// The "collect" sheet (as on Unsplash): the signed-in person's albums, each a switch that adds the photo to it or
// takes it out (POST /collections/:id/add, DELETE /collections/:id/remove), and a new album made on the spot.
// Every screen learns of a change through a `photo-collected` event.

import { get, imageURL, query, request, session } from './api.js';
import { editAlbum } from './album-edit.js';
import { t } from './i18n.js';
import { openSheet, problems } from './sheet.js';
import { el, icon } from './ui.js';

const PER_PAGE = 30;
/** Pages of an album looked through for the photo (see `contains`). */
const SCAN_PAGES = 10;

/** Albums known to hold a photo (photo id → Set of album ids), from this page's own additions and look-ups. */
const known = new Map();

/**
 * Whether `album` holds `photo`. The server's `current_user_collections` is the answer where it is filled in;
 * otherwise the album's pages are looked through (its first SCAN_PAGES pages: null when it is longer).
 */
async function contains(album, photo) {
    if (known.get(photo.id)?.has(album.id)) return true;
    if ((photo.current_user_collections || []).some((item) => item.id === album.id)) return true;
    if (!album.total_photos) return false;
    for (let page = 1; page <= SCAN_PAGES; page++) {
        const photos = await get(`/collections/${encodeURIComponent(album.id)}/photos${query({ page, per_page: PER_PAGE })}`);
        if (photos.some((item) => item.id === photo.id)) return true;
        if (photos.length < PER_PAGE) return false;
    }
    return null;
}

function remember(photo, album, added) {
    const albums = known.get(photo.id) ?? new Set();
    if (added) albums.add(album.id); else albums.delete(album.id);
    known.set(photo.id, albums);
}

/** One album's switch in the sheet; `inside`: whether it holds the photo, when known already. */
function albumSwitch(album, photo, inside) {
    const cover = el('span.collect-cover');
    const count = el('span.muted');
    const button = el('button.collect-item', { type: 'button', 'aria-pressed': 'false', disabled: true }, cover,
        el('span.collect-text', {}, el('strong', { text: album.title }), count),
        album.private ? el('span.badge', { text: t('album.private') }) : null,
        el('span.collect-mark', { 'aria-hidden': 'true' }));
    const paint = (inside) => {
        const image = album.cover_photo && imageURL(album.cover_photo, 96, 96);
        if (cover.firstChild?.getAttribute('src') !== image) {
            cover.replaceChildren(...(image ? [el('img', { src: image, alt: '', width: 48, height: 48 })] : []));
        }
        button.setAttribute('aria-pressed', String(Boolean(inside)));
        count.textContent = t('common.photoCount', { count: album.total_photos });
    };
    paint(false);
    const problem = el('p.field-error', { role: 'alert' });
    button.addEventListener('click', async () => {
        if (button.getAttribute('aria-busy') === 'true') return;
        const adding = button.getAttribute('aria-pressed') !== 'true';
        button.setAttribute('aria-busy', 'true');
        problem.textContent = '';
        try {
            const path = `/collections/${encodeURIComponent(album.id)}`;
            const { data } = adding ? await request('POST', `${path}/add`, { json: { photo_id: photo.id } })
                : await request('DELETE', `${path}/remove${query({ photo_id: photo.id })}`);
            Object.assign(album, data.collection ?? {});
            remember(photo, album, adding);
            paint(adding);
            document.dispatchEvent(new CustomEvent('photo-collected', { detail: { photo, album, added: adding } }));
        } catch (error) {
            problem.textContent = problems(error, adding ? 'collect.addFailed' : 'collect.removeFailed');
        } finally {
            button.removeAttribute('aria-busy');
        }
    });
    // Its state is looked up before it can be pressed; one that can't be found out starts as "not in it".
    const settle = (found) => {
        if (found) remember(photo, album, true);
        paint(found);
        button.disabled = false;
    };
    if (inside === undefined) contains(album, photo).then(settle, () => settle(false)); else settle(inside);
    return el('li', {}, button, problem);
}

/** Opens the sheet for `photo` (the signed-in person's albums). */
export async function openCollect(photo) {
    const { body } = openSheet(t('viewer.collect'), { className: 'collect' });
    const list = el('ul.collect-list', { 'aria-label': t('collect.albums') });
    const status = el('p.list-status.loading', { role: 'status', text: t('collect.loading') });
    const create = el('button.secondary.wide', { type: 'button' }, icon('plus'), t('album.new'));
    body.append(create, status, list);
    create.addEventListener('click', async () => {
        const album = await editAlbum();
        if (!album) return;
        status.hidden = true;
        const item = albumSwitch(album, photo, false);
        list.prepend(item);
        item.querySelector('button').click();   // made for this photo: it goes in at once
    });
    try {
        const albums = await get(`/users/${encodeURIComponent(session.user.username)}/collections${query({ per_page: PER_PAGE })}`);
        list.append(...albums.map((album) => albumSwitch(album, photo)));
        status.classList.remove('loading');
        status.textContent = albums.length ? '' : t('collect.none');
        status.hidden = albums.length > 0;
    } catch (error) {
        status.classList.remove('loading');
        status.textContent = problems(error, 'collect.loadFailed');
    }
}
