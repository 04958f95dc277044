// Photo cards (feed), grid cells (search, albums, favourites) and the like button shared by them and the viewer.

import { NetworkError, session, setLike, imageURL, srcset } from './api.js';
import { placeholderStyle } from './blurhash.js';
import { go } from './router.js';
import { el, icon, showAlert, formatDate, displayName, altText, avatar } from './ui.js';

/** What opening a photo from a grid should page through: set just before navigating to `#/photo/ID`. */
export const viewerSource = { list: null, from: null };

/** Fixed parts of a feed card, so its height is known before it renders. */
export const CARD_CHROME = 56 + 52;

/** Loads a photo image into `image` and swaps in a placeholder when it fails. */
function watchImage(image, frame) {
    image.addEventListener('load', () => frame.classList.add('loaded'), { once: true });
    image.addEventListener('error', () => {
        frame.classList.add('broken');
        image.remove();
        frame.append(el('span.broken-label', {}, icon('photo'), 'Photo unavailable'));
    }, { once: true });
}

function openLink(photo, list, from) {
    return {
        href: `#/photo/${encodeURIComponent(photo.id)}`,
        onclick: () => { viewerSource.list = list; viewerSource.from = from; },
    };
}

/** A feed card: photographer and date, the photo at its own aspect ratio, like button. */
export function feedCard(photo, list, from) {
    const frame = el('a.card-photo', { ...openLink(photo, list, from), 'aria-label': altText(photo) });
    frame.style.aspectRatio = `${photo.width} / ${photo.height}`;
    placeholderStyle(frame, photo);
    // The first photo is the page's largest paint: fetch it at once and first, not lazily.
    const first = list?.items?.[0] === photo;
    const image = el('img', {
        src: imageURL(photo, 800),
        srcset: srcset(photo, [400, 800, 1080, 1600]),
        sizes: '(min-width: 720px) 640px, 100vw',
        alt: altText(photo),
        width: photo.width,
        height: photo.height,
        loading: first ? 'eager' : 'lazy',
        fetchpriority: first ? 'high' : 'auto',
        decoding: first ? 'sync' : 'async',
    });
    watchImage(image, frame);
    frame.append(image);
    return el('article.card', { 'data-photo-id': photo.id },
        el('header.card-head', {},
            el('a.who', { href: `#/user/${encodeURIComponent(photo.user.username)}` },
                avatar(photo.user, 32), el('span.name', { text: displayName(photo.user) })),
            el('time', { datetime: photo.created_at, text: formatDate(photo.created_at) })),
        frame,
        el('footer.card-foot', {},
            likeButton(photo),
            el('p.caption', { text: photo.description || '' })),
    );
}

/** A square grid cell; `withLike` adds a heart (favourites, where unliking removes the photo). */
export function gridCell(photo, list, from, { withLike = false } = {}) {
    const frame = el('a.cell', { ...openLink(photo, list, from) });
    placeholderStyle(frame, photo);
    const image = el('img', {
        src: imageURL(photo, 400, 400),
        srcset: `${imageURL(photo, 240, 240)} 240w, ${imageURL(photo, 400, 400)} 400w, ${imageURL(photo, 640, 640)} 640w`,
        sizes: '(min-width: 900px) 25vw, 50vw',
        alt: altText(photo),
        width: 400,
        height: 400,
        loading: 'lazy',
        decoding: 'async',
    });
    watchImage(image, frame);
    frame.append(image);
    return el('div.cell-wrap', { 'data-photo-id': photo.id }, frame, withLike ? likeButton(photo, 'overlay') : null);
}

function paintLike(button, photo) {
    button.setAttribute('aria-pressed', String(Boolean(photo.liked_by_user)));
    button.setAttribute('aria-label', photo.liked_by_user ? 'Unlike' : 'Like');
    const count = button.querySelector('.count');
    if (count) count.textContent = photo.likes > 0 ? String(photo.likes) : '';
}

/** The heart: grey, a spinner while the server answers, red when liked. */
export function likeButton(photo, variant = '') {
    const button = el(`button.like${variant ? `.${variant}` : ''}`, { type: 'button', 'data-like': photo.id },
        icon('heart'), el('span.spinner', { 'aria-hidden': 'true' }), variant ? null : el('span.count'));
    paintLike(button, photo);
    button.addEventListener('click', (event) => {
        event.preventDefault();
        event.stopPropagation();
        toggleLike(photo, button);
    });
    return button;
}

/** Likes or unlikes, offering to try again on failure; every view learns through a `photo-liked` event. */
export async function toggleLike(photo, button) {
    if (!session.user) {
        go(`/signin?next=${encodeURIComponent(location.hash.slice(1))}`);
        return;
    }
    if (button.getAttribute('aria-busy') === 'true') return;
    const wanted = !photo.liked_by_user;
    for (;;) {
        button.setAttribute('aria-busy', 'true');
        try {
            const fresh = await setLike(photo.id, wanted);
            photo.liked_by_user = fresh.liked_by_user;
            photo.likes = fresh.likes;
            button.removeAttribute('aria-busy');
            document.dispatchEvent(new CustomEvent('photo-liked', { detail: { photo } }));
            return;
        } catch (error) {
            button.removeAttribute('aria-busy');
            if (error.status === 401) {
                session.set(null);
                go(`/signin?next=${encodeURIComponent(location.hash.slice(1))}`);
                return;
            }
            const reason = error instanceof NetworkError
                ? 'The server did not answer. Check your connection.'
                : error.message;
            const choice = await showAlert(wanted ? 'Could not like this photo' : 'Could not unlike this photo',
                reason, ['Try again', 'Cancel']);
            if (choice !== 0) return;
        }
    }
}

/** Keeps every rendered heart of a photo in step with its new state. */
document.addEventListener('photo-liked', ({ detail: { photo } }) => {
    for (const button of document.querySelectorAll(`button[data-like="${CSS.escape(photo.id)}"]`)) {
        paintLike(button, photo);
    }
});

