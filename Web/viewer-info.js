// The viewer's details panel: who took the photo and when, camera and exposure, size, place, tags, how often it
// was viewed and downloaded, and — for a photo from another service — its licence and its page there. Its owner can
// edit or delete it (photo-edit.js, loaded when asked for). The list the viewer pages through holds slimmed photos,
// so each photo's full record is fetched when it is shown — the request that counts a view.

import { get, intern, NetworkError, query, session } from './api.js';
import { formatDateTime, formatDimensions, formatNumber, formatParts, t } from './i18n.js';
import { outLink } from './photos.js';
import { el, icon, formatDate, formatBytes, formatCount, displayName, altText, toast } from './ui.js';

/** Runs `name` of photo-edit.js on `photo` (the module loaded on first use). */
const photoEditor = (name, photo) => import('./photo-edit.js').then((m) => m[name](photo),
    () => toast(t('info.editorFailed')));

/** How often the totals of views and downloads are asked for again while the panel is open. */
const STATISTICS_EVERY_MS = 5000;

function row(label, value) {
    return value ? [el('dt', { text: label }), el('dd', {}, value)] : [];
}

/**
 * The details panel `panel`, opened and closed by `button`. `onToggle(open)` runs when it opens or closes, before
 * it takes the focus, so the viewer can make room for it.
 */
export function createInfoPanel(panel, button, { onToggle }) {
    let photo = null;
    let detail = null;
    let statistics = null;   // {views, downloads} of `photo`, once known
    const counts = { views: el('span', { text: '—' }), downloads: el('span', { text: '—' }) };
    let refresh = null;
    // Whether the photo is one's own (its editor shown) depends on who is signed in, which a photo opened from its
    // link can learn after the panel was drawn: drawn again when it changes.
    session.onChange(() => { if (!panel.hidden) render(); });

    function render(problem) {
        const p = detail || photo;
        if (!p) return;  // opened before the first photo arrived: drawn when it does (see show)
        const exif = p.exif || {};
        const camera = [exif.make, exif.model].filter(Boolean).join(' ');
        // EXIF's values ("2.8", "1/250"): their numbers in the locale's digits and separator, with its units.
        const decimal = (value) => String(value).replace(/\d+(?:\.\d+)?/g,
            (number) => formatNumber(Number(number), { maximumFractionDigits: 1, useGrouping: false }));
        const exposure = [
            exif.aperture && t('info.aperture', { value: decimal(exif.aperture) }),
            exif.exposure_time && t('info.exposureTime', { value: decimal(exif.exposure_time) }),
            exif.focal_length && t('info.focalLength', { value: decimal(exif.focal_length) }),
            exif.iso && t('info.iso', { value: decimal(exif.iso) }),
        ].filter(Boolean).join(t('common.separator'));
        const place = p.location || {};
        const placeParts = [place.name, place.city, place.country].filter(Boolean);
        const position = place.position;
        const decimals = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
        const where = placeParts.length || position ? el('span', {}, placeParts.length ? formatParts(placeParts)
            : t('info.coordinates', { latitude: formatNumber(position.latitude, decimals), longitude: formatNumber(position.longitude, decimals) }),
        position ? el('a.near', { href: `#/search${query({ lat: position.latitude, lon: position.longitude })}` }, icon('pin'), t('info.nearHere')) : null) : null;
        const taken = formatDateTime(p.taken_at);
        const source = p.source || {};
        const license = p.license;
        const own = session.user && p.user?.id === session.user.id;
        // Node.replaceChildren would write a null as the text "null": the parts left out are filtered out first.
        panel.replaceChildren(...[
            el('button.icon-button.info-close', { type: 'button', 'aria-label': t('info.close'), onclick: () => toggle(false) }, icon('close')),
            el('h2', { text: p.description || altText(p) }),
            p.alt_description && p.alt_description !== (p.description || '').toLowerCase() ? el('p.muted', { text: altText(p) }) : null,
            problem ? el('p.notice', { text: problem }) : null,
            own ? el('div.inline-actions', {},
                el('button.secondary.small', { type: 'button', onclick: () => photoEditor('editPhoto', p) }, t('info.edit')),
                el('button.danger.small', { type: 'button', onclick: () => photoEditor('deletePhoto', p) }, t('info.delete'))) : null,
            el('dl', {},
                row(t('info.photographer'), source.author_name ? outLink(source.author_url, source.author_name)
                    : el('a', { href: `#/user/${encodeURIComponent(p.user.username)}` }, displayName(p.user))),
                row(t('info.licence'), license && (license.name || license.id) ? outLink(license.url, license.name || license.id) : ''),
                row(t('info.source'), source.name ? outLink(source.photo_url || source.url, t('info.viewOn', { source: source.name })) : ''),
                row(t('info.taken'), taken),
                row(t('info.published'), formatDate(p.created_at)),
                row(t('info.camera'), camera),
                row(t('info.exposure'), exposure),
                row(t('info.resolution'), formatDimensions(p.width, p.height)),
                row(t('info.fileSize'), p.original?.bytes ? t('info.sizeAndFormat', {
                    size: formatBytes(p.original.bytes), format: (p.original.format || '').toUpperCase() }) : ''),
                row(t('info.location'), where),
                row(t('info.likes'), formatCount(p.likes ?? 0)),
                row(t('info.views'), counts.views),
                row(t('info.downloads'), counts.downloads)),
            p.tags?.length ? el('ul.chips.static', { 'aria-label': t('info.tags') }, p.tags.map((tag) => el('li', {},
                el('a.chip', { href: `#/search${query({ query: tag.title })}` }, tag.title)))) : null,
        ].filter(Boolean));
    }

    async function loadDetail() {
        const wanted = photo.id;
        try {
            const fresh = await get(`/photos/${encodeURIComponent(wanted)}`);
            if (photo?.id !== wanted) return;
            detail = intern(fresh);
            if (!panel.hidden) render();
        } catch (error) {
            if (photo?.id !== wanted) return;
            if (error instanceof NetworkError && !panel.hidden) {
                render(t('info.partial'));
            }
        }
    }

    function paintStatistics() {
        counts.views.textContent = formatCount(statistics?.views);
        counts.downloads.textContent = formatCount(statistics?.downloads);
    }

    /** The photo's totals (the server counts views in batches, so they are asked for again while the panel is open). */
    async function loadStatistics() {
        const wanted = photo?.id;
        if (!wanted || panel.hidden || document.visibilityState === 'hidden') return;
        try {
            const answer = await get(`/photos/${encodeURIComponent(wanted)}/statistics?quantity=1`);
            if (photo?.id !== wanted) return;
            statistics = { views: answer.views?.total, downloads: answer.downloads?.total };
            paintStatistics();
        } catch {
            // The totals stay as they were ("—" until known); the rest of the panel does not depend on them.
        }
    }

    /** Asks for the totals now, and again every few seconds while the panel shows a photo. */
    function watchStatistics() {
        clearInterval(refresh);
        refresh = photo && !panel.hidden ? setInterval(loadStatistics, STATISTICS_EVERY_MS) : null;
        loadStatistics();
    }

    /** Opens (`true`), closes (`false`) or flips the panel; the focus goes into it, or back to its button. */
    function toggle(open = panel.hidden) {
        panel.hidden = !open;
        button.setAttribute('aria-expanded', String(open));
        onToggle(open);
        watchStatistics();
        if (open) {
            render();
            panel.focus();
        } else {
            button.focus();
        }
    }

    // Its owner's edit shows at once: the shared photo object was changed, and the record is the saved one.
    document.addEventListener('photo-changed', (event) => {
        if (event.detail.photo.id !== photo?.id) return;
        detail = event.detail.photo;
        if (!panel.hidden) render();
    });

    return {
        toggle,
        /** The details of `photo` from now on (shown at once when open), or none (`null`: the viewer closed). */
        show(next) {
            photo = next;
            detail = null;
            statistics = null;
            paintStatistics();
            watchStatistics();
            if (!photo) return;
            loadDetail();
            if (!panel.hidden) render();
        },
        /** After `shown` was downloaded: its totals again, when the panel shows them. */
        downloaded(shown) {
            if (shown?.id === photo?.id) loadStatistics();
        },
    };
}
