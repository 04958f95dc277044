// The viewer's details panel: who took the photo and when, camera and exposure, size, place and tags. The list the
// viewer pages through holds slimmed photos, so each photo's full record is fetched when it is shown.

import { get, intern, NetworkError, query } from './api.js';
import { el, icon, formatDate, formatBytes, displayName, altText } from './ui.js';

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

    function render(problem) {
        const p = detail || photo;
        if (!p) return;  // opened before the first photo arrived: drawn when it does (see show)
        const exif = p.exif || {};
        const camera = [exif.make, exif.model].filter(Boolean).join(' ');
        const exposure = [
            exif.aperture && `ƒ/${exif.aperture}`, exif.exposure_time && `${exif.exposure_time} s`,
            exif.focal_length && `${exif.focal_length} mm`, exif.iso && `ISO ${exif.iso}`,
        ].filter(Boolean).join(' · ');
        const place = p.location || {};
        const placeName = [place.name, place.city, place.country].filter(Boolean).join(', ');
        const position = place.position;
        const where = placeName || position ? el('span', {}, placeName || `${position.latitude.toFixed(2)}, ${position.longitude.toFixed(2)}`,
            position ? el('a.near', { href: `#/search${query({ lat: position.latitude, lon: position.longitude })}` }, icon('pin'), 'Photos near here') : null) : null;
        const taken = p.taken_at ? new Date(p.taken_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
        panel.replaceChildren(
            el('button.icon-button.info-close', { type: 'button', 'aria-label': 'Close details', onclick: () => toggle(false) }, icon('close')),
            el('h2', { text: p.description || altText(p) }),
            p.alt_description && p.alt_description !== (p.description || '').toLowerCase() ? el('p.muted', { text: altText(p) }) : null,
            problem ? el('p.notice', { text: problem }) : null,
            el('dl', {},
                row('Photographer', el('a', { href: `#/user/${encodeURIComponent(p.user.username)}` }, displayName(p.user))),
                row('Taken', taken),
                row('Published', formatDate(p.created_at)),
                row('Camera', camera),
                row('Exposure', exposure),
                row('Resolution', `${p.width} × ${p.height}`),
                row('File size', p.original?.bytes ? `${formatBytes(p.original.bytes)} ${(p.original.format || '').toUpperCase()}` : ''),
                row('Location', where),
                row('Likes', String(p.likes ?? 0))),
            p.tags?.length ? el('ul.chips.static', { 'aria-label': 'Tags' }, p.tags.map((tag) => el('li', {},
                el('a.chip', { href: `#/search${query({ query: tag.title })}` }, tag.title)))) : null,
        );
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
                render('The server did not answer, so some details can’t be shown.');
            }
        }
    }

    /** Opens (`true`), closes (`false`) or flips the panel; the focus goes into it, or back to its button. */
    function toggle(open = panel.hidden) {
        panel.hidden = !open;
        button.setAttribute('aria-expanded', String(open));
        onToggle(open);
        if (open) {
            render();
            panel.focus();
        } else {
            button.focus();
        }
    }

    return {
        toggle,
        /** The details of `photo` from now on (shown at once when open), or none (`null`: the viewer closed). */
        show(next) {
            photo = next;
            detail = null;
            if (!photo) return;
            loadDetail();
            if (!panel.hidden) render();
        },
    };
}
