// Photo cards (feed), grid cells (search, albums, favourites) and the like button shared by them and the viewer.
// Cards are cloned from parsed templates and their listeners are delegated to the document: a card costs a clone
// and a few property writes, which keeps every frame of a fast scroll short.

import { reason, session, sessionReady, setLike, imageURL, srcset } from './api.js';
import { placeholderStyle } from './blurhash.js';
import { formatNumber, t, tNodes } from './i18n.js';
import { go } from './router.js';
import { el, icon, showAlert, formatDate, displayName, altText } from './ui.js';

/** What opening a photo from a grid should page through: set just before navigating to `#/photo/ID`. */
export const viewerSource = { list: null, from: null };

/** Fixed parts of a feed card, so its height is known before it renders. */
export const CARD_CHROME = 56 + 52;

/** Widths offered for a feed card's photo (index.html's inline script offers the same for its preload). */
export const FEED_WIDTHS = [400, 800, 1080, 1600];

/**
 * The `sizes` of a feed card's photo: the card's width (the feed column is at most 648 px, 16 px padding each
 * side), scaled so that no more than 2 device pixels per CSS pixel are picked — on a DPR 3 phone a 3x photo costs
 * twice the bytes of a 2x one for no visible gain. index.html's inline script repeats this formula, so its preload
 * asks for the very file the first cards use.
 */
export function feedSizes() {
    const k = Math.min(1, 2 / (window.devicePixelRatio || 1));
    const r = (value) => Math.round(value * k * 100) / 100;
    return `(min-width: 680px) ${r(648)}px, calc(${r(100)}vw - ${r(32)}px)`;
}

/** Feed cards whose photo loads at once and first (the first screen's largest paints), not lazily. */
const EAGER_CARDS = 2;

// What the document-wide listeners and the image queue need to know about a node, kept beside it rather than on it;
// a recycled card's nodes get new entries when refilled.
const photoOfLike = new WeakMap();     // like button → the photo it likes
const sourceOfFrame = new WeakMap();   // photo link → [list, screen] the viewer pages through
const pendingLoads = new WeakMap();    // card image → the function that gives it its addresses

const LIKE_HTML = '<button class="like" type="button"><span class="count"></span></button>';

const templates = {};
/** A deep clone of the element parsed (once) from `html`. */
function template(name, html) {
    let node = templates[name];
    if (!node) {
        const holder = document.createElement('template');
        holder.innerHTML = html;
        node = templates[name] = holder.content.firstChild;
    }
    return node.cloneNode(true);
}

// Photos that fail, in every card and cell, get a placeholder (error doesn't bubble, but capture sees it).
document.addEventListener('error', ({ target }) => {
    const parent = target.localName === 'img' ? target.parentNode : null;
    if (!parent?.matches('.card-photo, .cell')) return;
    parent.classList.add('broken');
    target.remove();
    parent.append(el('span.broken-label', {}, icon('photo'), t('photo.unavailable')));
}, true);

// Hearts and "open this photo" links of every card and cell; capture, so the viewer's source is set before routing.
document.addEventListener('click', (event) => {
    const like = event.target.closest?.('button[data-like]');
    const photo = like && photoOfLike.get(like);
    if (photo) {
        event.preventDefault();
        event.stopPropagation();
        toggleLike(photo, like);
        return;
    }
    const open = event.target.closest?.('a[href^="#/photo/"]');
    const source = open && sourceOfFrame.get(open);
    if (source) [viewerSource.list, viewerSource.from] = source;
}, true);

/**
 * Card images get their addresses in a task of their own, a few at a time: asking for an image costs more than
 * building its card, and the frame that puts a card on screen has no time to spare. Cards gone meanwhile (a fast
 * fling) never ask. The first screen's photos don't wait. The images are not `loading="lazy"`: only cards near
 * the screen exist, and a lazy image is asked for by the browser in a frame, when it sees it come near.
 */
const waiting = [];
function later(image, load) {
    if (!pendingLoads.has(image)) {
        if (!waiting.length) setTimeout(flush, 0);
        waiting.push(image);
    }
    pendingLoads.set(image, load);   // a recycled card's image loads its new photo, not the one it was asked for before
}
function flush() {
    for (const image of waiting.splice(0, 4)) {
        const load = pendingLoads.get(image);
        pendingLoads.delete(image);
        if (load && image.isConnected) load();
    }
    if (waiting.length) setTimeout(flush, 0);
}

/** Clears a recycled image at once (it must not show its old photo while the new one is on its way). */
function resetImage(image) {
    pendingLoads.delete(image);
    image.removeAttribute('srcset');
    image.removeAttribute('src');
}

/**
 * A photo frame: its link (and the list the viewer pages through), placeholder and alt text. `now`: its BlurHash
 * too; otherwise that waits for `later`, with the photo's address (see `placeholderStyle`).
 */
function fillFrame(frame, image, photo, list, from, now = false) {
    frame.href = `#/photo/${encodeURIComponent(photo.id)}`;
    sourceOfFrame.set(frame, [list, from]);
    placeholderStyle(frame, photo, { hash: now });
    image.alt = altText(photo);
}

/**
 * Each person's card avatar is one style rule (`.avatar-N::before` with the picture as background), shared by all
 * their cards: the picture is fetched and decoded once, not for every card built or refilled. Initials show under
 * it, and stay when it fails. The 300 people seen last keep their rule.
 */
const avatarRules = new Map();   // picture URL → class name, least recently used first
let avatarSheet = null;
let avatarCount = 0;
function avatarClass(url) {
    let name = avatarRules.get(url);
    if (name) {
        avatarRules.delete(url);
        avatarRules.set(url, name);
        return name;
    }
    if (!avatarSheet) {
        avatarSheet = new CSSStyleSheet();
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, avatarSheet];
    }
    if (avatarRules.size >= 300) {
        const [oldURL, oldName] = avatarRules.entries().next().value;
        avatarRules.delete(oldURL);
        const index = [...avatarSheet.cssRules].findIndex((rule) => rule.selectorText.startsWith(`.${oldName}:`));
        if (index >= 0) avatarSheet.deleteRule(index);
    }
    name = `avatar-${avatarCount++}`;
    avatarSheet.insertRule(`.${name}::before{background-image:url(${JSON.stringify(url)})}`, avatarSheet.cssRules.length);
    avatarRules.set(url, name);
    return name;
}

function fillAvatar(holder, user) {
    holder.className = 'avatar';
    holder.dataset.initials = (displayName(user) || '?').split(/\s+/).map((part) => part[0]).join('').slice(0, 2).toUpperCase();
    const url = user?.profile_image?.small;
    if (url) holder.classList.add(avatarClass(url));
}

/**
 * A feed card: photographer and date, the photo at its own aspect ratio, like button. `index` in the feed;
 * `reuse`, a card no longer shown, to fill again instead of making a new one (see VirtualGrid).
 */
export function feedCard(photo, list, from, index = Infinity, reuse = null) {
    const card = reuse ?? template('feed', '<article class="card"><header class="card-head"><a class="who"><span class="avatar" '
        + 'style="--size:32px"></span><span class="name"></span></a><time></time></header><a class="card-photo"><img '
        + 'decoding="async"></a>'
        + `<footer class="card-foot">${LIKE_HTML}<p class="caption"></p></footer></article>`);
    const [head, frame, foot] = card.children;
    const [who, time] = head.children;
    const image = frame.firstChild;
    card.dataset.photoId = photo.id;
    who.href = `#/user/${encodeURIComponent(photo.user.username)}`;
    fillAvatar(who.firstChild, photo.user);
    who.lastChild.textContent = displayName(photo.user);
    time.dateTime = photo.created_at || '';
    time.textContent = formatDate(photo.created_at);
    if (reuse) resetImage(image);
    const eager = index < EAGER_CARDS;
    fillFrame(frame, image, photo, list, from, eager);
    frame.setAttribute('aria-label', image.alt);
    frame.style.aspectRatio = `${photo.width} / ${photo.height}`;
    image.width = photo.width;
    image.height = photo.height;
    const load = () => {
        placeholderStyle(frame, photo);
        image.sizes = feedSizes();
        image.srcset = srcset(photo, FEED_WIDTHS);
        image.src = imageURL(photo, 800);
    };
    image.fetchPriority = eager ? 'high' : 'auto';
    if (eager) load();
    else later(image, load);
    fillLike(foot.firstChild, photo);
    fillCaption(foot.lastChild, photo);
    return card;
}

/** A card's caption: the credit of a photo from another service (which its terms ask for), else its description. */
function fillCaption(caption, photo) {
    const line = credit(photo);
    if (line) caption.replaceChildren(...line);
    else caption.textContent = photo.description || '';
}

/** A link to `url` in a new tab; plain text when it is not a web address (it comes from another server). */
export function outLink(url, text) {
    return /^https?:\/\//i.test(url || '') ? el('a', { href: url, target: '_blank', rel: 'noopener' }, text) : text;
}

/**
 * "Photo by AUTHOR on SOURCE", each linked, for a photo that came from another service (`photo.source`); null for
 * a photo of this library. Built as nodes: the names are another server's text.
 */
export function credit(photo) {
    const source = photo.source;
    if (!source?.name) return null;
    const service = outLink(source.url, source.name);
    return source.author_name
        ? tNodes('photo.credit', { author: outLink(source.author_url, source.author_name), source: service })
        : tNodes('photo.creditNoAuthor', { source: service });
}

/** Columns of the square grids (search, favourites) at a width. */
export function gridColumns(width) {
    return width < 600 ? 2 : width < 900 ? 3 : width < 1200 ? 4 : 5;
}

/**
 * A square grid cell; `withLike` adds a heart (favourites, where unliking removes the photo); `reuse`, a cell no
 * longer shown, to fill again.
 */
export function gridCell(photo, list, from, { withLike = false, reuse = null } = {}) {
    const wrap = reuse ?? template('cell', '<div class="cell-wrap"><a class="cell"><img width="400" height="400" '
        + 'sizes="(min-width: 900px) 25vw, 50vw" decoding="async"></a></div>');
    const frame = wrap.firstChild;
    const image = frame.firstChild;
    wrap.dataset.photoId = photo.id;
    if (reuse) resetImage(image);
    fillFrame(frame, image, photo, list, from);
    later(image, () => {
        placeholderStyle(frame, photo);
        image.srcset = `${imageURL(photo, 240, 240)} 240w, ${imageURL(photo, 400, 400)} 400w, ${imageURL(photo, 640, 640)} 640w`;
        image.src = imageURL(photo, 400, 400);
    });
    if (withLike && reuse) fillLike(wrap.lastChild, photo);
    else if (withLike) wrap.append(likeButton(photo, 'overlay'));
    return wrap;
}

function paintLike(button, photo) {
    button.setAttribute('aria-pressed', String(Boolean(photo.liked_by_user)));
    button.setAttribute('aria-label', photo.liked_by_user ? t('like.unlike') : t('like.like'));
    const count = button.querySelector('.count');
    if (count) count.textContent = photo.likes > 0 ? formatNumber(photo.likes) : '';
}

function fillLike(button, photo) {
    button.dataset.like = photo.id;
    photoOfLike.set(button, photo);
    paintLike(button, photo);
}

/** The heart: grey, a spinner while the server answers, red when liked. */
export function likeButton(photo, variant = '') {
    const button = template('like', LIKE_HTML);
    if (variant) {
        button.classList.add(variant);
        button.lastChild.remove();
    }
    fillLike(button, photo);
    return button;
}

/** Sends someone not signed in to sign in, coming back to the photo they wanted to like (in the viewer). */
const signInFor = (photo) => go(`/signin?next=${encodeURIComponent(`/photo/${encodeURIComponent(photo.id)}`)}`);

/** Likes or unlikes, offering to try again on failure; every view learns through a `photo-liked` event. */
export async function toggleLike(photo, button) {
    if (!session.user) await sessionReady;
    // After a failed session check the like is tried anyway: the server knows whether they are signed in.
    if (!session.user && !session.failure) {
        signInFor(photo);
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
                signInFor(photo);
                return;
            }
            const choice = await showAlert(wanted ? t('like.likeFailed') : t('like.unlikeFailed'),
                reason(error), [t('common.tryAgain'), t('common.cancel')]);
            if (choice !== 0) return;
        }
    }
}

/** An edited photo's cards show its new caption (their photo object is the shared one, already changed). */
document.addEventListener('photo-changed', ({ detail: { photo } }) => {
    for (const card of document.querySelectorAll(`.card[data-photo-id="${CSS.escape(photo.id)}"]`)) {
        fillCaption(card.querySelector('.caption'), photo);
    }
});

/** Keeps every rendered heart of a photo in step with its new state. */
document.addEventListener('photo-liked', ({ detail: { photo } }) => {
    for (const button of document.querySelectorAll(`button[data-like="${CSS.escape(photo.id)}"]`)) {
        paintLike(button, photo);
    }
});

