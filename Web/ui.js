// Shared interface pieces: element builder, icons, alert dialogs, toasts, names and alt text.

import { isRTL, t } from './i18n.js';

// Numbers, dates and sizes are the language's (i18n.js); screens take them from here with the rest.
export { formatBytes, formatDate, formatNumber as formatCount } from './i18n.js';

/** Creates an element: `el('button.like', {type: 'button'}, child…)`. */
export function el(tag, attributes = {}, ...children) {
    const [name, ...classes] = tag.split('.');
    const node = document.createElement(name || 'div');
    if (classes.length) node.className = classes.join(' ');
    for (const [key, value] of Object.entries(attributes)) {
        if (value === undefined || value === null || value === false) continue;
        if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
        else if (key === 'text') node.textContent = value;
        else if (key === 'html') node.innerHTML = value;
        else node.setAttribute(key, value === true ? '' : value);
    }
    for (const child of children.flat()) {
        if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
}

const PATHS = {
    heart: 'M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.6 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z',
    back: 'M15 5l-7 7 7 7',
    next: 'M9 5l7 7-7 7',
    share: 'M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 002 2h10a2 2 0 002-2v-6',
    download: 'M12 3v12M7 10l5 5 5-5M5 20h14',
    info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5v.5',
    search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16.5 16.5L21 21',
    profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c1.5-4 4.5-6 8-6s6.5 2 8 6',
    pin: 'M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0113 0c0 4.9-6.5 11-6.5 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
    close: 'M6 6l12 12M18 6L6 18',
    plus: 'M12 5v14M5 12h14',
    photo: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5h.01',
    offline: 'M3 3l18 18M8.5 16.5a5 5 0 017 0M5 12.5a10 10 0 014.2-2.4M19 12.5a10 10 0 00-3-2M12 20h.01M1.5 9a15 15 0 015-3M22.5 9A15 15 0 0011 4.6',
};

/** Icons that point along the reading direction: mirrored in right-to-left languages (app.css `.icon.directional`). */
const DIRECTIONAL = new Set(['back', 'next']);

/** An inline SVG icon, hidden from assistive technology (its button carries the label). */
export function icon(name, className = 'icon') {
    if (DIRECTIONAL.has(name)) className += ' directional';
    const wrapper = document.createElement('span');
    wrapper.innerHTML = `<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${PATHS[name]}"/></svg>`;
    return wrapper.firstChild;
}

/**
 * A modal alert; resolves to the index of the button chosen (Esc chooses the last one, the "cancel" one when there
 * are several). `body`: more content under the message (a field); `sheet`: a question at the foot of the screen
 * that leaves the page usable (not modal).
 */
export function showAlert(title, message, buttons = [t('common.ok')], { body, sheet } = {}) {
    return new Promise((resolve) => {
        const titleID = `alert-${Math.random().toString(36).slice(2)}`;
        const dialog = el(`dialog.alert${sheet ? '.sheet' : ''}`, { 'aria-labelledby': titleID, role: sheet ? 'dialog' : 'alertdialog' },
            el('h2', { id: titleID, text: title }),
            message ? el('p', { text: message }) : null, body,
            el('div.alert-buttons', {}, buttons.map((label, index) => el(
                `button.${index === 0 ? 'primary' : 'secondary'}`,
                { type: 'button', onclick: () => { dialog.close(String(index)); } },
                label,
            ))),
        );
        dialog.addEventListener('close', () => {
            const chosen = dialog.returnValue === '' ? buttons.length - 1 : Number(dialog.returnValue);
            dialog.remove();
            resolve(chosen);
        });
        document.body.append(dialog);
        if (sheet) dialog.show(); else dialog.showModal();
        dialog.querySelector('button').focus();
    });
}

let toastTimer;
/** A short message at the bottom of the screen, read out politely. */
export function toast(message) {
    const region = document.getElementById('toast');
    region.textContent = message;
    region.classList.add('show');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => region.classList.remove('show'), 3200);
}

/** A person's name; people imported without one are named after their folder ("Extra_Photos"), read as words. */
export function displayName(user) {
    return (user?.name || [user?.first_name, user?.last_name].filter(Boolean).join(' ') || user?.username || '')
        .replace(/_+/g, ' ');
}

/**
 * "@username", which reads left to right in any language: in right-to-left text it is isolated as such (else the
 * "@" would be drawn after the name).
 */
export const handle = (username) => (isRTL() ? `\u2066@${username}\u2069` : `@${username}`);

/** Delays calls until `wait` ms passed without a new one. */
export function debounce(fn, wait) {
    let timer;
    return (...args) => {
        clearTimeout(timer);
        timer = setTimeout(() => fn(...args), wait);
    };
}

/** A photo's alt text: its alt description, else its description, else a neutral phrase. */
export function altText(photo) {
    const text = photo.alt_description || photo.description;
    return text ? text.charAt(0).toUpperCase() + text.slice(1) : t('photo.alt', { name: displayName(photo.user) });
}

/** An avatar image that falls back to initials when it can't load. */
export function avatar(user, size, className = 'avatar') {
    const initials = (displayName(user) || '?').split(/\s+/).map((part) => part[0]).join('').slice(0, 2).toUpperCase();
    const holder = el(`span.${className}`, { 'data-initials': initials, style: `--size:${size}px` });
    const url = size > 64 ? user?.profile_image?.large : size > 32 ? user?.profile_image?.medium : user?.profile_image?.small;
    if (url) {
        const image = el('img', { src: url, alt: '', width: size, height: size, loading: 'lazy', decoding: 'async' });
        image.addEventListener('error', () => { image.remove(); holder.classList.add('failed'); });
        holder.append(image);
    } else {
        holder.classList.add('failed');
    }
    return holder;
}
