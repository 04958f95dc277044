// Which device this is, asked once before the first search or download: downloads are cut to fit its screen.

import { request, get, session } from './api.js';
import { hasMessage, t } from './i18n.js';
import { el, showAlert } from './ui.js';

const DEVICE = 'imagefeed.device';

/**
 * A device's name in the language shown: GET /devices names them in English, and the catalogue translates the
 * names with words in them (`device.name.ID`: "Portrait monitor", "13-inch"); a product's name alone stays.
 */
export const deviceName = (device) => (hasMessage(`device.name.${device.id}`) ? t(`device.name.${device.id}`) : device.name);

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
        el('option', { value: device.id, text: deviceName(device) })));
    const chosen = await showAlert(t('device.ask.title'), t('device.ask.text'),
        [t('common.save'), t('common.notNow')], { body: el('div.field', {}, el('label', { for: 'device-choice', text: t('device.ask.label') }), select) });
    const device = chosen === 0 ? devices.find((item) => item.id === select.value) : null;
    localStorage.setItem(DEVICE, JSON.stringify(device));
    if (device && session.user) {
        request('PUT', '/me', { json: { device: device.id } }).then(({ data }) => session.set(data), () => {});
    }
}
