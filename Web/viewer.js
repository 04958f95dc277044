// The full-screen viewer: opening and closing, paging (arrows, keys, swipes) through the list it was opened from,
// the keys and the focus. Its parts each have a module: zoom and gestures (viewer-gestures.js), the details panel
// (viewer-info.js), sharing and the download menu (viewer-download.js); adding the photo to albums is the collect
// sheet's (collect.js, loaded when first asked for).

import { get, PhotoList, NetworkError, imageURL, reason, srcset, session, sessionReady } from './api.js';
import { placeholderStyle } from './blurhash.js';
import { isRTL, t } from './i18n.js';
import { credit, likeButton, viewerSource } from './photos.js';
import { go } from './router.js';
import { el, icon, showAlert, toast, formatDate, displayName, altText } from './ui.js';
import { askDevice } from './device.js';
import { createDownloadMenu, sharePhoto } from './viewer-download.js';
import { createGestures } from './viewer-gestures.js';
import { createInfoPanel } from './viewer-info.js';

/** The viewer, made once; `onClose()` when the person asks to leave it (back, Escape, a downward swipe). */
export function createViewer(onClose) {
    const image = el('img.v-img', { alt: '', draggable: 'false' });
    const frame = el('div.v-frame', {}, image);
    const stage = el('div.v-stage', {}, frame);
    const title = el('div.v-title');
    const likeSlot = el('span.v-like');
    const infoButton = el('button.icon-button', { type: 'button', 'aria-label': t('viewer.info'), 'aria-expanded': 'false', title: t('viewer.infoKey') }, icon('info'));
    const downloadButton = el('button.icon-button', { type: 'button', 'aria-label': t('viewer.download'), 'aria-expanded': 'false', 'aria-haspopup': 'true', title: t('viewer.download') }, icon('download'));
    const shareButton = el('button.icon-button', { type: 'button', 'aria-label': t('viewer.share'), title: t('viewer.share') }, icon('share'));
    const collectButton = el('button.icon-button', { type: 'button', 'aria-label': t('viewer.collect'), 'aria-haspopup': 'dialog', title: t('viewer.collect') }, icon('plus'));
    const creditLine = el('p.v-credit', { hidden: true });
    const zoomButton = el('button.icon-button.zoom', { type: 'button', 'aria-label': t('viewer.zoomIn'), 'aria-pressed': 'false', title: t('viewer.zoomKeys') }, el('span.zoom-label', { 'aria-hidden': 'true', text: t('viewer.scale', { scale: 1 }) }));
    const backButton = el('button.icon-button', { type: 'button', 'aria-label': t('viewer.back'), title: t('viewer.backKey') }, icon('back'));
    const downloadMenu = el('div.menu', { hidden: true, role: 'menu', 'aria-label': t('viewer.download') });
    const previousButton = el('button.v-nav.prev', { type: 'button', 'aria-label': t('viewer.previous') }, icon('back'));
    const nextButton = el('button.v-nav.next', { type: 'button', 'aria-label': t('viewer.next') }, icon('next'));
    const info = el('aside.v-info', { hidden: true, 'aria-label': t('viewer.details'), tabindex: '-1' });
    const counter = el('span.visually-hidden', { 'aria-live': 'polite' });
    const root = el('div.viewer', { role: 'dialog', 'aria-modal': 'true', 'aria-label': t('viewer.label'), hidden: true },
        el('div.v-bar', {}, backButton, title,
            el('div.v-actions', {}, likeSlot, collectButton, zoomButton, shareButton,
                el('div.menu-anchor', {}, downloadButton, downloadMenu), infoButton)),
        stage, creditLine, previousButton, nextButton, info, counter);
    document.body.append(root);

    let list = null;
    let index = 0;
    let photo = null;
    let returnFocus = null;

    const gestures = createGestures(stage, frame, {
        size: () => photo,
        onScale(scale) {
            root.classList.toggle('zoomed', scale > 1.01);
            zoomButton.setAttribute('aria-pressed', String(scale > 1.01));
            zoomButton.setAttribute('aria-label', scale > 1.01 ? t('viewer.zoomOut') : t('viewer.zoomIn'));
            zoomButton.firstChild.textContent = t('viewer.scale', { scale: Math.round(scale * 10) / 10 });
            root.dataset.scale = scale.toFixed(2);
        },
        // A swipe goes on in the reading direction: towards the left in English, towards the right in Arabic.
        onSwipe: (direction) => step(isRTL() ? -direction : direction),
        onSwipeDown: () => close(),
    });
    const details = createInfoPanel(info, infoButton, {
        onToggle(open) {
            root.classList.toggle('with-info', open);
            requestAnimationFrame(gestures.fit);
        },
    });
    const download = createDownloadMenu(downloadMenu, downloadButton, { onDownload: (shown) => details.downloaded(shown) });

    window.addEventListener('resize', () => { if (!root.hidden) gestures.fit(); });

    // MARK: showing a photo

    function showImage() {
        frame.classList.remove('loaded', 'broken');
        frame.querySelector('.broken-label')?.remove();
        placeholderStyle(frame, photo);
        image.hidden = false;
        image.removeAttribute('src');
        image.srcset = srcset(photo, [800, 1080, 1600, 2400]);
        image.sizes = '100vw';
        image.src = imageURL(photo, 1080);
        image.alt = altText(photo);
        gestures.reset();
        gestures.fit();
        for (const neighbour of [list.items[index + 1], list.items[index - 1]]) {
            if (neighbour) new Image().src = imageURL(neighbour, 1080);
        }
    }

    image.addEventListener('load', () => frame.classList.add('loaded'));
    image.addEventListener('error', () => {
        if (!image.getAttribute('src')) return;
        frame.classList.add('broken');
        image.hidden = true;
        if (!frame.querySelector('.broken-label')) {
            frame.append(el('span.broken-label', {}, icon('photo'), t('viewer.broken')));
        }
    });

    const actionButtons = [infoButton, downloadButton, shareButton, zoomButton, collectButton];
    function render() {
        photo = list.items[index];
        for (const button of actionButtons) button.disabled = false;
        showImage();
        title.replaceChildren(
            el('a.v-author', { href: `#/user/${encodeURIComponent(photo.user.username)}` }, displayName(photo.user)),
            el('span.v-date', { text: formatDate(photo.taken_at || photo.created_at) }));
        likeSlot.replaceChildren(likeButton(photo));
        // The credit a photo from another service asks for (never for a photo of this library).
        const line = credit(photo);
        creditLine.hidden = !line;
        creditLine.replaceChildren(...(line || []));
        previousButton.disabled = index === 0;
        nextButton.disabled = index === list.items.length - 1 && list.done;
        counter.textContent = altText(photo);
        document.title = t('app.title', { screen: photo.description || altText(photo) });
        download.close();
        details.show(photo);
    }

    async function step(direction) {
        if (!list) return;
        const at = list.items.indexOf(photo);   // where it is now: photos uploaded meanwhile went to the top of its list
        if (at >= 0) index = at;
        let next = index + direction;
        if (next < 0) return;
        if (next >= list.items.length) {
            if (list.done) return;
            try {
                await list.more();
            } catch {
                toast(t('viewer.moreFailed'));
                return;
            }
            if (next >= list.items.length) return;
        }
        index = next;
        history.replaceState(history.state, '', `#/photo/${encodeURIComponent(list.items[index].id)}`);
        render();
    }

    // MARK: controls and keys

    backButton.addEventListener('click', () => close());
    previousButton.addEventListener('click', () => step(-1));
    nextButton.addEventListener('click', () => step(1));
    infoButton.addEventListener('click', () => details.toggle());
    shareButton.addEventListener('click', () => sharePhoto(photo));
    collectButton.addEventListener('click', async () => {
        const shown = photo;
        if (!session.user) await sessionReady;
        if (!session.user) {
            go(`/signin?next=${encodeURIComponent(`/photo/${encodeURIComponent(shown.id)}`)}`);
            return;
        }
        import('./collect.js').then((m) => m.openCollect(shown), () => toast(t('viewer.collectFailed')));
    });
    // A photo deleted (by its owner, from the details) leaves the viewer for the next one, or closes it.
    document.addEventListener('photo-deleted', ({ detail: { id } }) => {
        if (!list || root.hidden) return;
        list.remove(id);   // unless the screen it was opened from took it out already
        if (photo?.id !== id) return;
        if (!list.items.length) {
            close();
            return;
        }
        index = Math.min(index, list.items.length - 1);   // the photo after it is where it was
        history.replaceState(history.state, '', `#/photo/${encodeURIComponent(list.items[index].id)}`);
        render();
    });
    zoomButton.addEventListener('click', () => gestures.toggle());
    // The first download asks which device this is (once), so the menu can offer a copy cut for it.
    downloadButton.addEventListener('click', async () => {
        if (download.isOpen) return download.close();
        await askDevice();
        if (photo) download.open(photo);   // unless the viewer was closed meanwhile
    });
    root.addEventListener('click', (event) => {
        if (download.isOpen && !event.target.closest('.menu-anchor')) download.close();
    });

    document.addEventListener('keydown', (event) => {
        if (root.hidden || document.querySelector('dialog:modal')) return;
        if (event.target.closest?.('input, select, textarea')) return;
        const inInfo = event.target.closest?.('.v-info');
        if (event.key === 'Escape') {
            event.preventDefault();
            if (download.isOpen) { download.close(); downloadButton.focus(); } else close();
        } else if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && !inInfo) {
            // The arrow that points the reading direction goes on: → in English, ← in Arabic.
            event.preventDefault();
            step((event.key === 'ArrowRight') !== isRTL() ? 1 : -1);
        }
        else if (event.key === '+' || event.key === '=') { gestures.zoomStep(1); }
        else if (event.key === '-') { gestures.zoomStep(-1); }
        else if (event.key === 'i' && !event.metaKey && !event.ctrlKey) { details.toggle(); }
        else if (event.key === 'Tab') { trapFocus(event); }
    });

    function trapFocus(event) {
        const focusable = [...root.querySelectorAll('a[href], button:not([disabled]), [tabindex="0"]')]
            .filter((node) => node.offsetParent !== null);
        if (!focusable.length) return;
        const first = focusable[0], last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
        else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
    }

    // MARK: open and close

    let closing = false;
    function close() {
        if (closing) return;
        closing = true;
        onClose();
        setTimeout(() => { closing = false; }, 300);
    }

    return {
        get isOpen() { return !root.hidden; },
        get currentID() { return photo?.id; },
        /** Shows photo `id`, paging through the list it was opened from when known. */
        async open(id) {
            if (root.hidden) {
                returnFocus = document.activeElement;
                root.hidden = false;
                document.documentElement.classList.add('viewer-open');
            }
            const source = viewerSource.list;
            const found = source ? source.items.findIndex((item) => item.id === id) : -1;
            if (found >= 0) {
                list = source;
                index = found;
                render();
            } else {
                photo = null;
                details.show(null);
                likeSlot.replaceChildren();
                title.replaceChildren();
                for (const button of actionButtons) button.disabled = true;
                list = new PhotoList(async () => ({ photos: [await get(`/photos/${encodeURIComponent(id)}`)] }), 1);
                try {
                    await list.more();
                    list.done = true;
                    index = 0;
                    render();
                } catch (error) {
                    if (error instanceof NetworkError) {
                        const choice = await showAlert(t('viewer.offline.title'), t('viewer.offline.text'),
                            [t('common.tryAgain'), t('common.close')]);
                        if (choice === 0) return this.open(id);
                    } else if (error.status === 404) {
                        await showAlert(t('viewer.missing.title'), t('viewer.missing.text'));
                    } else {
                        await showAlert(t('viewer.failed'), reason(error));
                    }
                    close();
                    return;
                }
            }
            if (!root.contains(document.activeElement)) backButton.focus();
        },
        /** Closes it for good and takes it out of the page (app.js makes another in another language). */
        dispose() {
            this.close();
            root.remove();
        },
        close() {
            if (root.hidden) return;
            root.hidden = true;
            download.close();
            document.documentElement.classList.remove('viewer-open');
            image.removeAttribute('src');
            image.removeAttribute('srcset');
            if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
            viewerSource.list = null;
            photo = null;
            details.show(null);
        },
    };
}
