// A person's page (name, place and Follow pinned on top, their counts, then their albums) and an album's square
// grid with a filter. On one's own page and albums, the album editor (album-edit.js, loaded when asked for).

import { get, PhotoList, arrayPages, reason, session, sessionReady } from './api.js';
import { albumCard } from './album-card.js';
import { formatParts, t } from './i18n.js';
import { followButton, isSignedIn, personCounts } from './people.js';
import { gridCell, outLink } from './photos.js';
import { go } from './router.js';
import { el, icon, avatar, displayName, debounce, handle, showAlert, toast } from './ui.js';
import { VirtualGrid } from './vgrid.js';

/** The album editor for `album` (null: a new one); → what editAlbum answers, or null when it can't be loaded. */
const editAlbum = (album) => import('./album-edit.js').then((m) => m.editAlbum(album), () => {
    toast(t('album.editorFailed'));
    return null;
});

function failure(container, error, retry) {
    container.replaceChildren(el('div.empty', {}, el('h2', { text: t('person.loadFailed') }), el('p', { text: reason(error) }),
        el('button.secondary', { type: 'button', onclick: retry }, t('common.tryAgain'))));
}

/** A full user's address in one line, website and company, where set. */
function contactLines({ address: a, website, company }) {
    const parts = a ? [a.street, a.suite, [a.zipcode, a.city].join(' ').trim()].filter(Boolean) : [];
    const line = parts.length ? formatParts(parts) : '';
    return [line && el('p.muted', { text: line }),
        website && el('p', {}, el('a', { href: /^https?:/i.test(website) ? website : `https://${website}` }, website)),
        company?.name && el('p.muted', { text: company.name })];
}

export function createUserPage(section) {
    let shown = null;
    let visit = 0;
    // Whether they follow this person, and whether it is their own page, depend on who is signed in; their albums
    // change when one is made, changed, deleted or given a photo.
    const outdated = () => { shown = null; };
    session.onChange(outdated);
    document.addEventListener('album-changed', outdated);
    document.addEventListener('photo-collected', outdated);
    return {
        async show(route) {
            const username = route.params[0];
            if (shown === username) return;
            shown = username;
            const token = ++visit;
            section.replaceChildren(el('p.list-status.loading', { role: 'status', text: t('common.loading') }));
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
                        el('p.muted', {}, handle(user.username)),
                        user.location ? el('p.place', {}, icon('pin'), user.location) : null,
                        contactLines(user)),
                    followButton(user, counts.update));
                const own = isSignedIn(user);
                const cards = albums.map(albumCard);
                const create = own ? el('button.secondary.small', {
                    type: 'button',
                    onclick: async () => {
                        const album = await editAlbum(null);
                        if (album) go(`/collections/${encodeURIComponent(album.id)}`);
                    },
                }, icon('plus'), t('album.new')) : null;
                // Node.replaceChildren would write the parts left out (null) as text: they are filtered out first.
                section.replaceChildren(...[header,
                    user.bio ? el('p.person-bio', { text: user.bio }) : null,
                    user.portfolio_url ? el('p.person-link', {}, outLink(user.portfolio_url, user.portfolio_url.replace(/^https?:\/\//i, ''))) : null,
                    counts.node,
                    el('div.section-row', {}, el('h2.section-title', { text: t('person.albums') }), create),
                    cards.length ? el('ul.albums', {}, cards)
                        : el('p.empty-line', { text: own ? t('person.noAlbumsOwn') : t('person.noAlbums') }),
                ].filter(Boolean));
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
    // An album given or losing a photo, or a photo deleted, is loaded again when next shown.
    const outdated = ({ detail }) => {
        if (!detail.album || detail.album.id === shown) shown = null;
    };
    document.addEventListener('photo-collected', outdated);
    document.addEventListener('photo-deleted', outdated);
    return {
        get list() { return list; },
        async show(route) {
            active = true;
            const id = route.params[0];
            if (shown === id) { virtual?.setActive(true); return; }
            shown = id;
            const token = ++visit;
            section.replaceChildren(el('p.list-status.loading', { role: 'status', text: t('common.loading') }));
            let album;
            try {
                // The session too: whether the edit button shows depends on who is signed in, and a link opened
                // straight to the album starts the app with the question still out.
                [album] = await Promise.all([get(`/collections/${encodeURIComponent(id)}`), sessionReady]);
                if (token !== visit) return;   // another album was asked for meanwhile
            } catch (error) {
                if (token !== visit) return;
                shown = null;
                failure(section, error, () => this.show(route));
                return;
            }
            const field = el('input', { id: 'album-filter', type: 'search', placeholder: t('album.filter'), autocomplete: 'off' });
            const count = el('p.muted.album-count', { role: 'status' });
            const grid = el('div.photo-grid.square');
            const empty = el('div.empty', { hidden: true });
            const owner = `/user/${encodeURIComponent(album.user.username)}`;
            const edit = isSignedIn(album.user) ? el('button.secondary.small', {
                type: 'button',
                onclick: async () => {
                    const saved = await editAlbum(album);
                    if (saved?.deleted) go(owner, { replace: true });
                    else if (saved && shown === id) {
                        shown = null;
                        this.show(route);
                    }
                },
            }, t('album.edit')) : null;
            section.replaceChildren(
                el('header.album-head', {},
                    el('a.back-link', { href: `#${owner}` }, icon('back'), displayName(album.user)),
                    el('div.section-row', {}, el('h1', {}, album.title, album.private ? el('span.badge', { text: t('album.private') }) : null), edit),
                    album.description ? el('p.muted', { text: album.description }) : null,
                    el('div.search-row.compact', {},
                        el('label.visually-hidden', { for: 'album-filter', text: t('album.filterLabel') }),
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
                    if (await showAlert(t('feed.loadFailed'), reason(error), [t('common.tryAgain'), t('common.cancel')]) === 0) more(target);
                    return;
                }
                if (target !== list) return;
                empty.hidden = list.items.length > 0;
                const filtered = Boolean(field.value.trim());
                empty.replaceChildren(el('h2', { text: filtered ? t('search.photos.none') : t('album.empty') }),
                    el('p', { text: filtered ? t('album.noMatch') : edit ? t('album.emptyHint') : '' }));
                count.textContent = field.value.trim()
                    ? t('album.countFiltered', { shown: list.total ?? list.items.length, count: album.total_photos })
                    : t('common.photoCount', { count: album.total_photos });
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
