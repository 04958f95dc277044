// Getting a photo out of the viewer: sharing its link (the system share sheet, else the clipboard) and the download
// menu — the original file, or a copy cropped to the person's device (device.js), made by the server on request.

import { request, reason, session, query } from './api.js';
import { chosenDevice } from './device.js';
import { el, showAlert, toast, formatBytes } from './ui.js';

/** Shares the photo's page through the share sheet where there is one, else copies its address. */
export async function sharePhoto(photo) {
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

/**
 * The download menu `menu`, opened by `button`: the original, and the size of the person's device. Every download
 * is counted by the API's download endpoint (as Unsplash asks of its clients); `onDownload(photo)` runs once it was.
 */
export function createDownloadMenu(menu, button, { onDownload } = {}) {
    function close() {
        menu.hidden = true;
        button.setAttribute('aria-expanded', 'false');
    }

    /** Counts a download of the original, which the browser fetches from the link itself. */
    function countOriginal(photo) {
        close();
        request('GET', `/photos/${encodeURIComponent(photo.id)}/download`).then(() => onDownload?.(photo), () => {});
    }

    async function downloadForDevice(photo, device) {
        close();
        try {
            const { data } = await request('GET', `/photos/${encodeURIComponent(photo.id)}/download${query({ device: device.id })}`);
            const link = el('a', { href: data.url, download: '', hidden: true });
            document.body.append(link);
            link.click();
            link.remove();
            toast(`Downloading for ${device.name}`);
            onDownload?.(photo);
        } catch (error) {
            showAlert('Download failed', reason(error));
        }
    }

    /** Lists what `photo` can be downloaded as (the menu closes whenever the viewer shows another photo). */
    function open(photo) {
        const device = chosenDevice();
        const original = el('a', {
            role: 'menuitem', href: photo.links.download, download: '', onclick: () => countOriginal(photo),
        }, el('strong', { text: 'Original' }),
        el('span', { text: `${photo.width} × ${photo.height}${photo.original?.bytes ? ` · ${formatBytes(photo.original.bytes)}` : ''}` }));
        const forDevice = device
            ? el('button', { type: 'button', role: 'menuitem', onclick: () => downloadForDevice(photo, device) },
                el('strong', { text: `For my ${device.name}` }), el('span', { text: `${device.width} × ${device.height}, cropped to fit` }))
            : el('a', { role: 'menuitem', href: session.user ? '#/profile' : '#/signin?next=%2Fprofile', onclick: close },
                el('strong', { text: 'For my device' }), el('span', { text: session.user ? 'Choose your device in Profile' : 'Sign in to choose your device' }));
        menu.replaceChildren(original, forDevice);
        menu.hidden = false;
        button.setAttribute('aria-expanded', 'true');
        menu.querySelector('[role=menuitem]').focus();
    }

    return {
        open,
        close,
        get isOpen() { return !menu.hidden; },
    };
}
