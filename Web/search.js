// Search: photos (words, tag chips from the results, colour and orientation filters, photos near me), people and
// albums.

import { PhotoList, request, get, query, reason } from './api.js';
import { albumCard } from './album-card.js';
import { personItem } from './people.js';
import { gridCell, gridColumns } from './photos.js';
import { current, go, OPEN_ON } from './router.js';
import { el, icon, showAlert, toast } from './ui.js';
import { askDevice } from './device.js';
import { VirtualGrid } from './vgrid.js';

const COLOURS = [
    ['', 'Any colour'], ['black_and_white', 'Black and white'], ['black', 'Black'], ['white', 'White'],
    ['yellow', 'Yellow'], ['orange', 'Orange'], ['red', 'Red'], ['purple', 'Purple'], ['magenta', 'Magenta'],
    ['green', 'Green'], ['teal', 'Teal'], ['blue', 'Blue'],
];
const ORIENTATIONS = [['', 'Any shape'], ['landscape', 'Landscape'], ['portrait', 'Portrait'], ['squarish', 'Square']];
const NEAR_RADIUS_KM = 50;
/** What can be searched for: the `type` in the address (none: photos), its tab, and how its results are named. */
const KINDS = {
    // Placeholders short enough for a phone's field (390 px wide, beside the Search button): the label says "Search".
    photos: { tab: 'Photos', field: 'Search photos', placeholder: 'Photos, tags, places', one: 'photo', many: 'photos' },
    users: { tab: 'People', field: 'Search people', placeholder: 'Name or username', one: 'person', many: 'people' },
    collections: { tab: 'Albums', field: 'Search albums', placeholder: 'Search albums', one: 'album', many: 'albums' },
};
const kindOf = (type) => (Object.hasOwn(KINDS, type || '') ? type : 'photos');

/** Where the browser says this person is: resolves to coords or rejects with a GeolocationPositionError. */
function locate() {
    return new Promise((resolve, reject) => {
        if (!navigator.geolocation) {
            reject(Object.assign(new Error('This browser cannot tell where you are.'), { code: 0 }));
            return;
        }
        navigator.geolocation.getCurrentPosition((position) => resolve(position.coords), reject,
            { enableHighAccuracy: false, timeout: 10000, maximumAge: 600000 });
    });
}

async function permissionState() {
    try {
        return (await navigator.permissions.query({ name: 'geolocation' })).state;
    } catch {
        return 'prompt';
    }
}

/** The search for photos taken near `coords`, the person's position. */
const nearRoute = (coords) => `/search${query({ lat: coords.latitude.toFixed(4), lon: coords.longitude.toFixed(4), near: 'me' })}`;

/**
 * At launch, goes from the feed to the photos near the person (Profile's "Open on"). The first launch says why
 * before the browser asks for the location, and keeps the answer.
 */
export async function openNearMe() {
    const first = !localStorage.getItem(OPEN_ON);
    if (first && (await permissionState() === 'denied' || await showAlert('See photos taken near you?',
        'ImageFeed can open on the photos taken around you. Your browser will ask for your location, used only for this.',
        ['Use my location', 'Not now'], { sheet: true }))) {
        localStorage.setItem(OPEN_ON, 'feed');
        return;
    }
    try {
        const coords = await locate();
        localStorage.setItem(OPEN_ON, 'near');
        if (current().path === '/feed') go(nearRoute(coords), { replace: true });   // unless they went elsewhere meanwhile
    } catch {
        // Refused or not found: the feed stays, and on a first launch it becomes the choice.
        if (first) localStorage.setItem(OPEN_ON, 'feed');
        toast('Your location is not available, so here is the feed.');
    }
}

export function createSearch(section) {
    const field = el('input', { id: 'search-field', type: 'search', name: 'query', placeholder: KINDS.photos.placeholder, autocomplete: 'off', enterkeyhint: 'search' });
    const colour = el('select', { id: 'search-colour', name: 'color' }, COLOURS.map(([value, label]) => el('option', { value, text: label })));
    const orientation = el('select', { id: 'search-orientation', name: 'orientation' }, ORIENTATIONS.map(([value, label]) => el('option', { value, text: label })));
    const nearButton = el('button.secondary.near-button', { type: 'button' }, icon('pin'), 'Near me');
    const fieldLabel = el('label.visually-hidden', { for: 'search-field', text: 'Search photos' });
    const kindLinks = Object.fromEntries(Object.entries(KINDS).map(([kind, { tab }]) => [kind, el('a', { href: '#/search' }, tab)]));
    const filters = el('div.filters', {},
        el('label.visually-hidden', { for: 'search-colour', text: 'Colour' }), colour,
        el('label.visually-hidden', { for: 'search-orientation', text: 'Orientation' }), orientation,
        nearButton);
    // The first search asks which device this is (once), as wallpaper apps do.
    const form = el('form.search-form', { role: 'search', onsubmit: (event) => { event.preventDefault(); askDevice().then(() => submit()); } },
        el('div.search-row', {},
            fieldLabel,
            el('span.search-icon', {}, icon('search')), field,
            el('button.primary', { type: 'submit' }, 'Search')),
        el('nav.segments', { 'aria-label': 'Search for' }, Object.values(kindLinks)),
        filters);
    const chips = el('ul.chips', { 'aria-label': 'Tags in these results' });
    const summary = el('p.search-summary', { role: 'status' });
    const notice = el('p.notice', { hidden: true, role: 'status' });
    const grid = el('div.photo-grid');
    const found = el('ul', { hidden: true });
    const status = el('div.empty', { hidden: true });
    const more = el('div.list-status', { hidden: true });
    section.append(el('h1.visually-hidden', { text: 'Search' }), form, notice, summary, chips, grid, found, status, more);

    let list = new PhotoList(async () => ({ photos: [] }));
    let virtual = null;
    let shownKey = null;
    let firstVisit = true;
    let active = false;

    function makeGrid() {
        grid.replaceChildren();
        virtual?.setActive(false);
        virtual = new VirtualGrid(grid, list, {
            columns: gridColumns,
            gap: 4,
            itemHeight: (_, width) => width,
            render: (photo, index, reuse) => gridCell(photo, list, 'search', { reuse }),
            onNearEnd: () => loadMore(),
        });
        virtual.setActive(active);
    }

    /** The search as a route: every filter lives in the address, so back and reload keep it. */
    function submit(changes = {}) {
        const current = new URLSearchParams(location.hash.split('?')[1] || '');
        const type = current.get('type') || '';
        if (type) {
            go(`/search${query({ query: field.value.trim(), type })}`);
            return;
        }
        const params = {
            query: field.value.trim(), color: colour.value, orientation: orientation.value,
            tags: current.get('tags') || '', lat: current.get('lat') || '', lon: current.get('lon') || '',
            near: current.get('near') || '', ...changes,
        };
        if (!('tags' in changes) && params.query !== (current.get('query') || '')) {
            Object.assign(params, { tags: '', lat: '', lon: '', near: '' });
        }
        go(`/search${query(params)}`);
    }

    // MARK: people and albums

    /** The people or albums search under way: `{kind, text, page, pages, total}`. */
    let others = null;

    /** The next page of people or albums; another follows while the end of the list is within a screen. */
    async function moreOthers() {
        const search = others;
        if (!search || search.loading || search.page >= search.pages) return;
        search.loading = true;
        more.hidden = false;
        more.classList.add('loading');
        try {
            const data = await get(`/search/${search.kind}${query({ query: search.text, page: search.page + 1, per_page: 20 })}`);
            if (search !== others) return;
            search.page += 1;
            search.pages = data.total_pages;
            search.total = data.total;
            found.append(...data.results.map(search.kind === 'users' ? personItem : albumCard));
            paintOthers();
        } catch (error) {
            if (search !== others) return;
            search.loading = false;
            if (await showAlert('Search failed', reason(error), ['Try again', 'Cancel']) === 0) moreOthers();
            return;
        } finally {
            if (search === others) more.classList.remove('loading');
            search.loading = false;
        }
        if (search.page < search.pages && more.getBoundingClientRect().top < innerHeight * 2) moreOthers();
    }

    function paintOthers() {
        const { kind, text, total, page } = others;
        const { one, many } = KINDS[kind];
        more.hidden = page >= others.pages;
        summary.textContent = total ? `${total} ${total === 1 ? one : many} for “${text}”` : '';
        status.hidden = total > 0 || !page;
        status.replaceChildren(icon('search', 'icon big'), el('h2', { text: `No ${many} found` }),
            el('p', { text: kind === 'users' ? 'Try another name or username.' : 'Try another word.' }));
    }

    function runOthers(kind, text) {
        others = { kind, text, page: 0, pages: text ? 1 : 0, total: 0 };
        found.className = kind === 'users' ? 'people' : 'albums';
        found.hidden = false;
        found.replaceChildren();
        more.hidden = true;
        if (text) moreOthers();
    }

    const nearEnd = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) moreOthers();
    }, { rootMargin: '0px 0px 600px 0px' });
    nearEnd.observe(more);

    async function loadMore() {
        if (list.done || list.loading) return;
        try {
            await list.more();
            renderMeta();
        } catch (error) {
            const choice = await showAlert('Search failed', reason(error), ['Try again', 'Cancel']);
            if (choice === 0) loadMore();
        }
    }

    function renderMeta() {
        const params = list.params;
        const selected = new Set((params.tags || '').split(',').filter(Boolean));
        const facets = list.extra || [];
        chips.replaceChildren(...[...selected].filter((tag) => !facets.some((facet) => facet.title === tag))
            .map((title) => ({ title, count: null })).concat(facets)
            .slice(0, 20)
            .map((tag) => el('li', {}, el('button.chip', {
                type: 'button', 'aria-pressed': String(selected.has(tag.title)),
                onclick: () => {
                    selected.has(tag.title) ? selected.delete(tag.title) : selected.add(tag.title);
                    submit({ tags: [...selected].join(',') });
                },
            }, tag.title, tag.count ? el('span.chip-count', { text: String(tag.count) }) : null))));
        const near = params.lat !== undefined;
        const words = params.query ? `“${params.query}”` : '';
        summary.textContent = list.total
            ? `${list.total} photo${list.total === 1 ? '' : 's'}${near ? ` within ${NEAR_RADIUS_KM} km${params.query ? ' of you' : ''}` : ''}${words ? ` for ${words}` : ''}`
            : '';
        if (near && list.total) summary.prepend(el('strong', { text: params.nearLabel || 'Near you · ' }));
        status.hidden = list.items.length > 0 || list.loading || !list.page;
        status.replaceChildren(icon('search', 'icon big'), el('h2', { text: 'No photos found' }),
            el('p', { text: near ? 'Nothing was taken near here yet. Try a word instead.' : 'Try another word, or fewer filters.' }));
    }

    /** Lights the tab of `kind`; every tab searches for the same words. */
    function paintKinds(kind, text) {
        for (const [name, link] of Object.entries(kindLinks)) {
            link.href = `#/search${query({ query: text, type: name === 'photos' ? '' : name })}`;
            if (name === kind) link.setAttribute('aria-current', 'page'); else link.removeAttribute('aria-current');
        }
        fieldLabel.textContent = KINDS[kind].field;
        field.placeholder = KINDS[kind].placeholder;
        filters.hidden = kind !== 'photos';
    }

    function run(params) {
        const key = JSON.stringify(params);
        if (key === shownKey) return;
        shownKey = key;
        field.value = params.query || '';
        colour.value = params.color || '';
        orientation.value = params.orientation || '';
        const kind = kindOf(params.type);
        paintKinds(kind, params.query);
        others = null;
        found.hidden = true;
        more.hidden = true;
        chips.replaceChildren();
        summary.textContent = '';
        status.hidden = true;
        if (kind !== 'photos') {
            list = new PhotoList(async () => ({ photos: [] }));
            list.done = true;
            makeGrid();
            runOthers(kind, params.query || '');
            return;
        }
        list = new PhotoList(async (page, perPage) => {
            const { data } = await request('GET', `/search/photos${query({ ...params, radius: params.lat !== undefined ? NEAR_RADIUS_KM : '', nearLabel: undefined, page, per_page: perPage })}`);
            return { photos: data.results, total: data.total, extra: data.tags };
        }, 30);
        list.params = params;
        makeGrid();
        if (params.query || params.lat !== undefined) {
            loadMore();
        } else {
            list.done = true;
            renderMeta();
            summary.textContent = '';
        }
    }

    async function nearMe() {
        notice.hidden = true;
        nearButton.setAttribute('aria-busy', 'true');
        try {
            go(nearRoute(await locate()));
        } catch (error) {
            notice.hidden = false;
            notice.textContent = error.code === 1
                ? 'Location is turned off for this site, so photos near you can’t be shown. You can still search by word, tag or colour.'
                : 'Your location could not be found right now. You can still search by word, tag or colour.';
        } finally {
            nearButton.removeAttribute('aria-busy');
        }
    }
    document.addEventListener('photo-deleted', ({ detail: { id } }) => list.remove(id));
    nearButton.addEventListener('click', nearMe);
    colour.addEventListener('change', () => submit());
    orientation.addEventListener('change', () => submit());

    return {
        get list() { return list; },
        async show(route) {
            active = true;
            virtual?.setActive(true);
            const q = route.query;
            const params = {};
            for (const key of ['query', 'color', 'orientation', 'tags', 'lat', 'lon', 'type']) {
                if (q.get(key)) params[key] = q.get(key);
            }
            if (params.lat !== undefined) params.nearLabel = q.get('near') === 'me' ? 'Near you · ' : 'Near this place · ';
            const empty = !params.query && params.lat === undefined && !params.type;
            if (firstVisit && empty) {
                firstVisit = false;
                run(params);
                const state = await permissionState();
                if (state !== 'denied') nearMe();
                else {
                    notice.hidden = false;
                    notice.textContent = 'Location is turned off for this site, so photos near you can’t be shown. You can still search by word, tag or colour.';
                }
                return;
            }
            firstVisit = false;
            run(params);
        },
        hide() {
            active = false;
            virtual?.setActive(false);
        },
        focusField() { field.focus(); },
    };
}
