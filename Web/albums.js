// A person's page (name, place and Follow pinned on top, their counts, then their albums) and an album's square
// grid with a filter.

import { get, PhotoList, arrayPages, imageURL, reason, session, sessionReady } from './api.js';
import { followButton, personCounts } from './people.js';
import { gridCell } from './photos.js';
import { el, icon, avatar, displayName, debounce, showAlert } from './ui.js';
import { placeholderStyle } from './blurhash.js';
import { VirtualGrid } from './vgrid.js';

function failure(container, error, retry) {
    container.replaceChildren(el('div.empty', {}, el('h2', { text: 'Could not load this page' }), el('p', { text: reason(error) }),
        el('button.secondary', { type: 'button', onclick: retry }, 'Try again')));
}

/** An album as a card: its cover, title and number of photos, leading to the album. */
export function albumCard(album) {
    const cover = el('span.album-cover');
    if (album.cover_photo) {
        placeholderStyle(cover, album.cover_photo);
        cover.append(el('img', { src: imageURL(album.cover_photo, 600, 450), alt: '', loading: 'lazy', width: 600, height: 450 }));
    }
    return el('li', {}, el('a.album', { href: `#/collections/${encodeURIComponent(album.id)}` }, cover,
        el('span.album-title', { text: album.title }),
        el('span.muted', { text: `${album.total_photos} photo${album.total_photos === 1 ? '' : 's'}` })));
}

/** A full user's address in one line, website and company, where set. */
function contactLines({ address: a, website, company }) {
    const line = a && [a.street, a.suite, [a.zipcode, a.city].join(' ').trim()].filter(Boolean).join(', ');
    return [line && el('p.muted', { text: line }),
        website && el('p', {}, el('a', { href: /^https?:/i.test(website) ? website : `https://${website}` }, website)),
        company?.name && el('p.muted', { text: company.name })];
}

export function createUserPage(section) {
    let shown = null;
    let visit = 0;
    // Whether they follow this person, and whether it is their own page, depend on who is signed in.
    session.onChange(() => { shown = null; });
    return {
        async show(route) {
            const username = route.params[0];
            if (shown === username) return;
            shown = username;
            const token = ++visit;
            section.replaceChildren(el('p.list-status.loading', { role: 'status', text: 'Loading…' }));
            try {
                const [user, albums] = await Promise.all([
                    get(`/users/${encodeURIComponent(username)}`),
                    get(`/users/${encodeURIComponent(username)}/collections?per_page=30`),
                    sessionReady,
                ]);
                if (token !== visit) return;   // another person's page was asked for meanwhile
                const counts = personCounts(user);
                const header = el('header.person', {},
                    avatar(user, 64, 'avatar big'),
                    el('div.person-names', {},
                        el('h1', { text: displayName(user) }),
                        el('p.muted', {}, `@${user.username}`),
                        user.location ? el('p.place', {}, icon('pin'), user.location) : null,
                        contactLines(user)),
                    followButton(user, counts.update));
                const cards = albums.map(albumCard);
                section.replaceChildren(header, counts.node,
                    el('h2.section-title', { text: 'Albums' }),
                    cards.length ? el('ul.albums', {}, cards) : el('p.empty-line', { text: 'No albums yet.' }));
            } catch (error) {
                if (token !== visit) return;
                shown = null;
                failure(section, error, () => this.show(route));
            }
        },
        hide() {},
    };
}

export function createAlbumPage(section) {
    let shown = null;
    let visit = 0;
    let virtual = null;
    let list = null;
    let active = false;
    return {
        get list() { return list; },
        async show(route) {
            active = true;
            const id = route.params[0];
            if (shown === id) { virtual?.setActive(true); return; }
            shown = id;
            const token = ++visit;
            section.replaceChildren(el('p.list-status.loading', { role: 'status', text: 'Loading…' }));
            let album;
            try {
                album = await get(`/collections/${encodeURIComponent(id)}`);
                if (token !== visit) return;   // another album was asked for meanwhile
            } catch (error) {
                if (token !== visit) return;
                shown = null;
                failure(section, error, () => this.show(route));
                return;
            }
            const field = el('input', { id: 'album-filter', type: 'search', placeholder: 'Filter by title', autocomplete: 'off' });
            const count = el('p.muted.album-count', { role: 'status' });
            const grid = el('div.photo-grid.square');
            const empty = el('div.empty', { hidden: true }, el('h2', { text: 'No photos found' }), el('p', { text: 'No photo title in this album matches.' }));
            section.replaceChildren(
                el('header.album-head', {},
                    el('a.back-link', { href: `#/user/${encodeURIComponent(album.user.username)}` }, icon('back'), displayName(album.user)),
                    el('h1', { text: album.title }),
                    album.description ? el('p.muted', { text: album.description }) : null,
                    el('div.search-row.compact', {},
                        el('label.visually-hidden', { for: 'album-filter', text: 'Filter this album by title' }),
                        el('span.search-icon', {}, icon('search')), field),
                    count),
                grid, empty);
            const load = (text) => {
                list = new PhotoList(arrayPages(`/collections/${encodeURIComponent(id)}/photos`, { query: text }), 30);
                virtual?.setActive(false);
                grid.replaceChildren();
                virtual = new VirtualGrid(grid, list, {
                    columns: () => 3, gap: 3, itemHeight: (_, width) => width,
                    render: (photo, index, reuse) => gridCell(photo, list, 'album', { reuse }),
                    onNearEnd: () => more(list),
                });
                virtual.setActive(active);
                more(list);
            };
            const more = async (target) => {
                try {
                    await target.more();
                } catch (error) {
                    if (target !== list) return;
                    if (await showAlert('Could not load photos', reason(error), ['Try again', 'Cancel']) === 0) more(target);
                    return;
                }
                if (target !== list) return;
                empty.hidden = list.items.length > 0;
                count.textContent = field.value.trim()
                    ? `${list.total ?? list.items.length} of ${album.total_photos} photos`
                    : `${album.total_photos} photos`;
            };
            field.addEventListener('input', debounce(() => load(field.value.trim()), 250));
            load('');
        },
        hide() {
            active = false;
            virtual?.setActive(false);
        },
    };
}
