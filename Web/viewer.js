// The full-screen viewer: zoom (pinch, wheel, double-tap), pan, swipe and arrow keys through the list it was
// opened from, share, download, and the photo's details.

import { get, request, session, PhotoList, NetworkError, intern, imageURL, srcset, query } from './api.js';
import { placeholderStyle } from './blurhash.js';
import { likeButton, viewerSource } from './photos.js';
import { el, icon, showAlert, toast, formatDate, formatBytes, displayName, altText } from './ui.js';

const MAX_SCALE = 5;

export function createViewer(onClose) {
    const image = el('img.v-img', { alt: '', draggable: 'false' });
    const frame = el('div.v-frame', {}, image);
    const stage = el('div.v-stage', {}, frame);
    const title = el('div.v-title');
    const likeSlot = el('span.v-like');
    const infoButton = el('button.icon-button', { type: 'button', 'aria-label': 'Info', 'aria-expanded': 'false', title: 'Info (i)' }, icon('info'));
    const downloadButton = el('button.icon-button', { type: 'button', 'aria-label': 'Download', 'aria-expanded': 'false', 'aria-haspopup': 'true', title: 'Download' }, icon('download'));
    const shareButton = el('button.icon-button', { type: 'button', 'aria-label': 'Share', title: 'Share' }, icon('share'));
    const zoomButton = el('button.icon-button.zoom', { type: 'button', 'aria-label': 'Zoom in', 'aria-pressed': 'false', title: 'Zoom (+ / −)' }, el('span.zoom-label', { 'aria-hidden': 'true', text: '1×' }));
    const backButton = el('button.icon-button', { type: 'button', 'aria-label': 'Back', title: 'Back (Esc)' }, icon('back'));
    const downloadMenu = el('div.menu', { hidden: true, role: 'menu', 'aria-label': 'Download' });
    const previousButton = el('button.v-nav.prev', { type: 'button', 'aria-label': 'Previous photo' }, icon('back'));
    const nextButton = el('button.v-nav.next', { type: 'button', 'aria-label': 'Next photo' }, icon('next'));
    const info = el('aside.v-info', { hidden: true, 'aria-label': 'Photo details', tabindex: '-1' });
    const counter = el('span.visually-hidden', { 'aria-live': 'polite' });
    const root = el('div.viewer', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Photo viewer', hidden: true },
        el('div.v-bar', {}, backButton, title,
            el('div.v-actions', {}, likeSlot, zoomButton, shareButton,
                el('div.menu-anchor', {}, downloadButton, downloadMenu), infoButton)),
        stage, previousButton, nextButton, info, counter);
    document.body.append(root);

    let list = null;
    let index = 0;
    let photo = null;
    let detail = null;
    let returnFocus = null;
    let scale = 1, tx = 0, ty = 0, fitted = { width: 0, height: 0 };

    // MARK: layout and zoom

    function fit() {
        if (!photo) return;
        const width = stage.clientWidth, height = stage.clientHeight;
        const ratio = Math.min(width / photo.width, height / photo.height);
        fitted = { width: Math.round(photo.width * ratio), height: Math.round(photo.height * ratio) };
        frame.style.width = `${fitted.width}px`;
        frame.style.height = `${fitted.height}px`;
        apply();
    }

    function clamp() {
        const limitX = Math.max(0, (fitted.width * scale - stage.clientWidth) / 2);
        const limitY = Math.max(0, (fitted.height * scale - stage.clientHeight) / 2);
        tx = Math.min(limitX, Math.max(-limitX, tx));
        ty = Math.min(limitY, Math.max(-limitY, ty));
    }

    function apply(animate = false) {
        clamp();
        frame.classList.toggle('animate', animate);
        frame.style.transform = `translate(${tx}px, ${ty}px) scale(${scale})`;
        root.classList.toggle('zoomed', scale > 1.01);
        zoomButton.setAttribute('aria-pressed', String(scale > 1.01));
        zoomButton.setAttribute('aria-label', scale > 1.01 ? 'Zoom out' : 'Zoom in');
        zoomButton.firstChild.textContent = `${Math.round(scale * 10) / 10}×`;
        root.dataset.scale = scale.toFixed(2);
    }

    /** Zooms to `next` keeping the point under (clientX, clientY) still. */
    function zoomAt(next, clientX, clientY, animate = false) {
        next = Math.min(MAX_SCALE, Math.max(1, next));
        const box = stage.getBoundingClientRect();
        const px = clientX - (box.left + box.width / 2);
        const py = clientY - (box.top + box.height / 2);
        tx = px - ((px - tx) * next) / scale;
        ty = py - ((py - ty) * next) / scale;
        scale = next;
        if (scale === 1) { tx = 0; ty = 0; }
        apply(animate);
    }

    function toggleZoom(clientX, clientY) {
        const box = stage.getBoundingClientRect();
        zoomAt(scale > 1.01 ? 1 : 2.5, clientX ?? box.left + box.width / 2, clientY ?? box.top + box.height / 2, true);
    }

    function resetZoom() { scale = 1; tx = 0; ty = 0; apply(); }

    stage.addEventListener('wheel', (event) => {
        event.preventDefault();
        const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.0025));
        zoomAt(scale * factor, event.clientX, event.clientY);
    }, { passive: false });

    let lastTouchToggle = 0;
    stage.addEventListener('dblclick', (event) => {
        if (Date.now() - lastTouchToggle < 600) return;
        toggleZoom(event.clientX, event.clientY);
    });

    const pointers = new Map();
    let gesture = null;
    let lastTap = { time: 0, x: 0, y: 0 };

    stage.addEventListener('pointerdown', (event) => {
        stage.setPointerCapture(event.pointerId);
        pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (pointers.size === 2) {
            const [a, b] = [...pointers.values()];
            gesture = { kind: 'pinch', distance: Math.hypot(a.x - b.x, a.y - b.y), scale };
        } else if (pointers.size === 1) {
            gesture = { kind: scale > 1.01 ? 'pan' : 'swipe', x: event.clientX, y: event.clientY, tx, ty, moved: false };
        }
    });

    stage.addEventListener('pointermove', (event) => {
        if (!pointers.has(event.pointerId) || !gesture) return;
        pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (gesture.kind === 'pinch' && pointers.size === 2) {
            const [a, b] = [...pointers.values()];
            const distance = Math.hypot(a.x - b.x, a.y - b.y);
            zoomAt(gesture.scale * (distance / gesture.distance), (a.x + b.x) / 2, (a.y + b.y) / 2);
            return;
        }
        const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
        if (Math.hypot(dx, dy) > 6) gesture.moved = true;
        if (gesture.kind === 'pan') {
            tx = gesture.tx + dx;
            ty = gesture.ty + dy;
            apply();
        } else if (gesture.kind === 'swipe' && Math.abs(dx) > Math.abs(dy)) {
            frame.style.transform = `translateX(${dx}px)`;
        }
    });

    function endPointer(event) {
        if (!pointers.has(event.pointerId)) return;
        pointers.delete(event.pointerId);
        if (!gesture) return;
        if (gesture.kind === 'pinch') {
            if (pointers.size === 0) gesture = null;
            else gesture = { kind: 'pan', x: [...pointers.values()][0].x, y: [...pointers.values()][0].y, tx, ty, moved: true };
            return;
        }
        const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
        if (gesture.kind === 'swipe') {
            apply(true);
            if (Math.abs(dx) > 60 && Math.abs(dx) > Math.abs(dy) * 1.2) step(dx < 0 ? 1 : -1);
            else if (dy > 120 && Math.abs(dy) > Math.abs(dx) * 1.5) close();
        }
        if (!gesture.moved && event.pointerType !== 'mouse') {
            const now = Date.now();
            if (now - lastTap.time < 320 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 40) {
                lastTouchToggle = now;
                toggleZoom(event.clientX, event.clientY);
                lastTap.time = 0;
            } else {
                lastTap = { time: now, x: event.clientX, y: event.clientY };
            }
        }
        gesture = null;
    }
    stage.addEventListener('pointerup', endPointer);
    stage.addEventListener('pointercancel', endPointer);

    window.addEventListener('resize', () => { if (!root.hidden) fit(); });

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
        resetZoom();
        fit();
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
            frame.append(el('span.broken-label', {}, icon('photo'), 'This photo can’t be shown right now'));
        }
    });

    const actionButtons = [infoButton, downloadButton, shareButton, zoomButton];
    function render() {
        photo = list.items[index];
        for (const button of actionButtons) button.disabled = false;
        detail = null;
        showImage();
        title.replaceChildren(
            el('a.v-author', { href: `#/user/${encodeURIComponent(photo.user.username)}` }, displayName(photo.user)),
            el('span.v-date', { text: formatDate(photo.taken_at || photo.created_at) }));
        likeSlot.replaceChildren(likeButton(photo));
        previousButton.disabled = index === 0;
        nextButton.disabled = index === list.items.length - 1 && list.done;
        counter.textContent = altText(photo);
        closeMenu();
        loadDetail();
        if (!info.hidden) renderInfo();
    }

    async function loadDetail() {
        const wanted = photo.id;
        try {
            const fresh = await get(`/photos/${encodeURIComponent(wanted)}`);
            if (photo?.id !== wanted) return;
            detail = intern(fresh);
            if (!info.hidden) renderInfo();
        } catch (error) {
            if (photo?.id !== wanted) return;
            if (error instanceof NetworkError && !info.hidden) {
                renderInfo('The server did not answer, so some details can’t be shown.');
            }
        }
    }

    async function step(direction) {
        if (!list) return;
        let next = index + direction;
        if (next < 0) return;
        if (next >= list.items.length) {
            if (list.done) return;
            try {
                await list.more();
            } catch {
                toast('Could not load more photos.');
                return;
            }
            if (next >= list.items.length) return;
        }
        index = next;
        history.replaceState(history.state, '', `#/photo/${encodeURIComponent(list.items[index].id)}`);
        render();
    }

    // MARK: info, share, download

    function row(label, value) {
        return value ? [el('dt', { text: label }), el('dd', {}, value)] : [];
    }

    function renderInfo(problem) {
        const p = detail || photo;
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
        info.replaceChildren(
            el('button.icon-button.info-close', { type: 'button', 'aria-label': 'Close details', onclick: () => toggleInfo(false) }, icon('close')),
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

    function toggleInfo(open = info.hidden) {
        info.hidden = !open;
        infoButton.setAttribute('aria-expanded', String(open));
        root.classList.toggle('with-info', open);
        if (open) {
            renderInfo();
            info.focus();
        } else {
            infoButton.focus();
        }
        requestAnimationFrame(fit);
    }

    async function share() {
        const url = photo.links?.html || `${location.origin}/p/${photo.id}`;
        if (navigator.share) {
            try {
                await navigator.share({ title: photo.description || 'Photo on ImageFeed', url });
                return;
            } catch (error) {
                if (error.name === 'AbortError') return;
            }
        }
        try {
            await navigator.clipboard.writeText(url);
            toast('Link copied');
        } catch {
            toast(`Copy this link: ${url}`);
        }
    }

    function closeMenu() {
        downloadMenu.hidden = true;
        downloadButton.setAttribute('aria-expanded', 'false');
    }

    function openMenu() {
        const device = session.user?.device;
        const original = el('a', {
            role: 'menuitem', href: photo.links.download, download: '', onclick: closeMenu,
        }, el('strong', { text: 'Original' }),
        el('span', { text: `${photo.width} × ${photo.height}${photo.original?.bytes ? ` · ${formatBytes(photo.original.bytes)}` : ''}` }));
        const forDevice = device
            ? el('button', { type: 'button', role: 'menuitem', onclick: () => downloadForDevice(device) },
                el('strong', { text: `For my ${device.name}` }), el('span', { text: `${device.width} × ${device.height}, cropped to fit` }))
            : el('a', { role: 'menuitem', href: session.user ? '#/profile' : '#/signin?next=%2Fprofile', onclick: closeMenu },
                el('strong', { text: 'For my device' }), el('span', { text: session.user ? 'Choose your device in Profile' : 'Sign in to choose your device' }));
        downloadMenu.replaceChildren(original, forDevice);
        downloadMenu.hidden = false;
        downloadButton.setAttribute('aria-expanded', 'true');
        downloadMenu.querySelector('[role=menuitem]').focus();
    }

    async function downloadForDevice(device) {
        closeMenu();
        try {
            const { data } = await request('GET', `/photos/${encodeURIComponent(photo.id)}/download${query({ device: device.id })}`);
            const link = el('a', { href: data.url, download: '', hidden: true });
            document.body.append(link);
            link.click();
            link.remove();
            toast(`Downloading for ${device.name}`);
        } catch (error) {
            showAlert('Download failed', error instanceof NetworkError ? 'The server did not answer.' : error.message);
        }
    }

    backButton.addEventListener('click', () => close());
    previousButton.addEventListener('click', () => step(-1));
    nextButton.addEventListener('click', () => step(1));
    infoButton.addEventListener('click', () => toggleInfo());
    shareButton.addEventListener('click', share);
    zoomButton.addEventListener('click', () => toggleZoom());
    downloadButton.addEventListener('click', () => (downloadMenu.hidden ? openMenu() : closeMenu()));
    root.addEventListener('click', (event) => {
        if (!downloadMenu.hidden && !event.target.closest('.menu-anchor')) closeMenu();
    });

    document.addEventListener('keydown', (event) => {
        if (root.hidden || document.querySelector('dialog[open]')) return;
        if (event.target.closest?.('input, select, textarea')) return;
        const inInfo = event.target.closest?.('.v-info');
        if (event.key === 'Escape') {
            event.preventDefault();
            if (!downloadMenu.hidden) { closeMenu(); downloadButton.focus(); } else close();
        } else if (event.key === 'ArrowRight' && !inInfo) { event.preventDefault(); step(1); }
        else if (event.key === 'ArrowLeft' && !inInfo) { event.preventDefault(); step(-1); }
        else if (event.key === '+' || event.key === '=') { zoomAt(scale * 1.5, ...centre()); }
        else if (event.key === '-') { zoomAt(scale / 1.5, ...centre()); }
        else if (event.key === 'i' && !event.metaKey && !event.ctrlKey) { toggleInfo(); }
        else if (event.key === 'Tab') { trapFocus(event); }
    });

    function centre() {
        const box = stage.getBoundingClientRect();
        return [box.left + box.width / 2, box.top + box.height / 2];
    }

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
                        const choice = await showAlert('The server is not answering',
                            'This photo could not be loaded. Check your connection and try again.', ['Try again', 'Close']);
                        if (choice === 0) return this.open(id);
                    } else {
                        await showAlert('Photo not found', error.message || 'This photo does not exist.');
                    }
                    close();
                    return;
                }
            }
            if (!root.contains(document.activeElement)) backButton.focus();
        },
        close() {
            if (root.hidden) return;
            root.hidden = true;
            closeMenu();
            document.documentElement.classList.remove('viewer-open');
            image.removeAttribute('src');
            image.removeAttribute('srcset');
            if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
            viewerSource.list = null;
            photo = null;
        },
    };
}
