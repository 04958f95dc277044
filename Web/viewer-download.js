// Getting a photo out of the viewer: sharing its link (the system share sheet, else the clipboard) and the download
// menu — the original file, or a copy cropped to the person's device (device.js), made by the server on request.

import { request, reason, session, query } from './api.js';
import { chosenDevice, deviceName } from './device.js';
import { formatDimensions, t } from './i18n.js';
import { el, showAlert, toast, formatBytes } from './ui.js';

/** Shares the photo's page through the share sheet where there is one, else copies its address. */
export async function sharePhoto(photo) {
    const url = photo.links?.html || `${location.origin}/p/${photo.id}`;
    if (navigator.share) {
        try {
            await navigator.share({ title: photo.description || t('share.title'), url });
            return;
        } catch (error) {
            if (error.name === 'AbortError') return;
        }
    }
    try {
        await navigator.clipboard.writeText(url);
        toast(t('share.copied'));
    } catch {
        toast(t('share.copyThis', { url }));
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
            toast(t('download.started', { device: deviceName(device) }));
            onDownload?.(photo);
        } catch (error) {
            showAlert(t('download.failed'), reason(error));
        }
    }

    /** Lists what `photo` can be downloaded as (the menu closes whenever the viewer shows another photo). */
    function open(photo) {
        const device = chosenDevice();
        const original = el('a', {
            role: 'menuitem', href: photo.links.download, download: '', onclick: () => countOriginal(photo),
        }, el('strong', { text: t('download.original') }),
        el('span', { text: photo.original?.bytes
            ? t('download.originalSize', { dimensions: formatDimensions(photo.width, photo.height), size: formatBytes(photo.original.bytes) })
            : formatDimensions(photo.width, photo.height) }));
        const forDevice = device
            ? el('button', { type: 'button', role: 'menuitem', onclick: () => downloadForDevice(photo, device) },
                el('strong', { text: t('download.forDevice', { device: deviceName(device) }) }),
                el('span', { text: t('download.cropped', { dimensions: formatDimensions(device.width, device.height) }) }))
            : el('a', { role: 'menuitem', href: session.user ? '#/profile' : '#/signin?next=%2Fprofile', onclick: close },
                el('strong', { text: t('download.forMyDevice') }),
                el('span', { text: session.user ? t('download.chooseInProfile') : t('download.signInToChoose') }));
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
