// Which device this is, asked once before the first search or download: downloads are cut to fit its screen.

import { request, get, session } from './api.js';
import { el, showAlert } from './ui.js';

const DEVICE = 'imagefeed.device';

/** The device downloads are cut for: the account's, else the one chosen in this browser; null when none. */
export const chosenDevice = () => session.user?.device || JSON.parse(localStorage.getItem(DEVICE));

/**
 * Asks which device this is, once, before the first search or download (as wallpaper apps do); the answer, "Not now"
 * too, is kept in this browser, and in the profile of someone signed in.
 */
export async function askDevice() {
    if (chosenDevice() || localStorage.getItem(DEVICE)) return;
    let devices;
    try {
        devices = await get('/devices');
    } catch {
        return;   // asked another time
    }
    const select = el('select', { id: 'device-choice' }, devices.map((device) =>
        el('option', { value: device.id, text: device.name })));
    const chosen = await showAlert('Which device is this?', 'Downloads can then be cut to fit its screen.',
        ['Save', 'Not now'], { body: el('div.field', {}, el('label', { for: 'device-choice', text: 'Device' }), select) });
    const device = chosen === 0 ? devices.find((item) => item.id === select.value) : null;
    localStorage.setItem(DEVICE, JSON.stringify(device));
    if (device && session.user) {
        request('PUT', '/me', { json: { device: device.id } }).then(({ data }) => session.set(data), () => {});
    }
}
