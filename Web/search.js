// Search: photos (words, tag chips from the results, colour and orientation filters, photos near me), people and
// albums.

import { PhotoList, request, get, query, reason } from './api.js';
import { albumCard } from './album-card.js';
import { formatKilometres, formatNumber, t } from './i18n.js';
import { personItem } from './people.js';
import { gridCell, gridColumns } from './photos.js';
import { current, go, OPEN_ON } from './router.js';
import { el, icon, showAlert, toast } from './ui.js';
import { askDevice } from './device.js';
import { VirtualGrid } from './vgrid.js';

/** The colour filter's choices: the API's value, and the catalogue key of its name. */
const COLOURS = [
    ['', 'colour.any'], ['black_and_white', 'colour.blackAndWhite'], ['black', 'colour.black'], ['white', 'colour.white'],
    ['yellow', 'colour.yellow'], ['orange', 'colour.orange'], ['red', 'colour.red'], ['purple', 'colour.purple'],
    ['magenta', 'colour.magenta'], ['green', 'colour.green'], ['teal', 'colour.teal'], ['blue', 'colour.blue'],
];
const ORIENTATIONS = [['', 'shape.any'], ['landscape', 'shape.landscape'], ['portrait', 'shape.portrait'],
    ['squarish', 'shape.square']];
const NEAR_RADIUS_KM = 50;
/**
 * What can be searched for: the `type` in the address (none: photos), and the catalogue keys of its tab, field
 * label, placeholder, the count of its results ("12 people for “ann”"), and what to say when there are none.
 * Placeholders are short enough for a phone's field (390 px wide, beside the Search button): the label says "Search".
 */
const KINDS = {
    photos: { tab: 'search.photos.tab', field: 'search.photos.field', placeholder: 'search.photos.placeholder' },
    users: {
        tab: 'search.people.tab', field: 'search.people.field', placeholder: 'search.people.placeholder',
        found: 'search.people.found', none: 'search.people.none', hint: 'search.people.hint',
    },
    collections: {
        tab: 'search.albums.tab', field: 'search.albums.field', placeholder: 'search.albums.placeholder',
        found: 'search.albums.found', none: 'search.albums.none', hint: 'search.albums.hint',
    },
};
const kindOf = (type) => (Object.hasOwn(KINDS, type || '') ? type : 'photos');

/** Where the browser says this person is: resolves to coords or rejects with a GeolocationPositionError. */
function locate() {
    return new Promise((resolve, reject) => {
        if (!navigator.geolocation) {
            reject(Object.assign(new Error('no geolocation'), { code: 0 }));
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
    if (first && (await permissionState() === 'denied' || await showAlert(t('near.ask.title'), t('near.ask.text'),
        [t('near.ask.yes'), t('common.notNow')], { sheet: true }))) {
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
        toast(t('near.unavailable'));
    }
}

export function createSearch(section) {
    const field = el('input', { id: 'search-field', type: 'search', name: 'query', placeholder: t(KINDS.photos.placeholder), autocomplete: 'off', enterkeyhint: 'search' });
    const colour = el('select', { id: 'search-colour', name: 'color' }, COLOURS.map(([value, label]) => el('option', { value, text: t(label) })));
    const orientation = el('select', { id: 'search-orientation', name: 'orientation' }, ORIENTATIONS.map(([value, label]) => el('option', { value, text: t(label) })));
    const nearButton = el('button.secondary.near-button', { type: 'button' }, icon('pin'), t('search.nearMe'));
    const fieldLabel = el('label.visually-hidden', { for: 'search-field', text: t(KINDS.photos.field) });
    const kindLinks = Object.fromEntries(Object.entries(KINDS).map(([kind, { tab }]) => [kind, el('a', { href: '#/search' }, t(tab))]));
    const filters = el('div.filters', {},
        el('label.visually-hidden', { for: 'search-colour', text: t('search.colour') }), colour,
        el('label.visually-hidden', { for: 'search-orientation', text: t('search.orientation') }), orientation,
        nearButton);
    // The first search asks which device this is (once), as wallpaper apps do.
    const form = el('form.search-form', { role: 'search', onsubmit: (event) => { event.preventDefault(); askDevice().then(() => submit()); } },
        el('div.search-row', {},
            fieldLabel,
            el('span.search-icon', {}, icon('search')), field,
            el('button.primary', { type: 'submit' }, t('search.submit'))),
        el('nav.segments', { 'aria-label': t('search.kinds') }, Object.values(kindLinks)),
        filters);
    const chips = el('ul.chips', { 'aria-label': t('search.tags') });
    const summary = el('p.search-summary', { role: 'status' });
    const notice = el('p.notice', { hidden: true, role: 'status' });
    const grid = el('div.photo-grid');
    const found = el('ul', { hidden: true });
    const status = el('div.empty', { hidden: true });
    const more = el('div.list-status', { hidden: true });
    section.append(el('h1.visually-hidden', { text: t('screen.search') }), form, notice, summary, chips, grid, found, status, more);

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
            if (await showAlert(t('search.failed'), reason(error), [t('common.tryAgain'), t('common.cancel')]) === 0) moreOthers();
            return;
        } finally {
            if (search === others) more.classList.remove('loading');
            search.loading = false;
        }
        if (search.page < search.pages && more.getBoundingClientRect().top < innerHeight * 2) moreOthers();
    }

    function paintOthers() {
        const { kind, text, total, page } = others;
        more.hidden = page >= others.pages;
        summary.textContent = total ? t(KINDS[kind].found, { count: total, query: text }) : '';
        status.hidden = total > 0 || !page;
        status.replaceChildren(icon('search', 'icon big'), el('h2', { text: t(KINDS[kind].none) }),
            el('p', { text: t(KINDS[kind].hint) }));
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
            const choice = await showAlert(t('search.failed'), reason(error), [t('common.tryAgain'), t('common.cancel')]);
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
            }, tag.title, tag.count ? el('span.chip-count', { text: formatNumber(tag.count) }) : null))));
        const near = params.lat !== undefined;
        // One whole sentence for each kind of search: near a place or not, with words or not.
        const values = { count: list.total, query: params.query || '', distance: formatKilometres(NEAR_RADIUS_KM) };
        const key = near ? (params.query ? 'search.photos.foundNearFor' : 'search.photos.foundNear')
            : params.query ? 'search.photos.foundFor' : 'search.photos.found';
        summary.textContent = list.total ? t(key, values) : '';
        if (near && list.total) {
            summary.prepend(el('strong', { text: t(params.near === 'me' ? 'search.nearYou' : 'search.nearPlace') }),
                t('common.separator'));
        }
        status.hidden = list.items.length > 0 || list.loading || !list.page;
        status.replaceChildren(icon('search', 'icon big'), el('h2', { text: t('search.photos.none') }),
            el('p', { text: near ? t('search.photos.noneNear') : t('search.photos.hint') }));
    }

    /** Lights the tab of `kind`; every tab searches for the same words. */
    function paintKinds(kind, text) {
        for (const [name, link] of Object.entries(kindLinks)) {
            link.href = `#/search${query({ query: text, type: name === 'photos' ? '' : name })}`;
            if (name === kind) link.setAttribute('aria-current', 'page'); else link.removeAttribute('aria-current');
        }
        fieldLabel.textContent = t(KINDS[kind].field);
        field.placeholder = t(KINDS[kind].placeholder);
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
            const { data } = await request('GET', `/search/photos${query({ ...params, radius: params.lat !== undefined ? NEAR_RADIUS_KM : '', near: undefined, page, per_page: perPage })}`);
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
            notice.textContent = error.code === 1 ? t('near.off') : t('near.notFound');
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
            if (params.lat !== undefined) params.near = q.get('near') === 'me' ? 'me' : 'place';
            const empty = !params.query && params.lat === undefined && !params.type;
            if (firstVisit && empty) {
                firstVisit = false;
                run(params);
                const state = await permissionState();
                if (state !== 'denied') nearMe();
                else {
                    notice.hidden = false;
                    notice.textContent = t('near.off');
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
