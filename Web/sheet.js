// Modal sheets for the tasks loaded on demand (uploading, editing a photo or an album, adding a photo to albums):
// a <dialog> with a title and a close button, and the form fields they share. A modal <dialog> keeps the focus
// inside it and closes on Escape by itself; closing gives the focus back to what opened it.

import { t } from './i18n.js';
import { el, icon } from './ui.js';

let sheets = 0;
/** An id unique in the page, for labels and descriptions. */
export const uniqueID = (prefix) => `${prefix}-${++sheets}`;

/**
 * Opens a modal sheet titled `title`; → `{dialog, body, close(value), closed}`: `closed` resolves to the value it
 * was closed with ('' by Escape or the close button). `className` styles it (`upload`, `collect`…).
 */
export function openSheet(title, { className = '' } = {}) {
    const titleID = uniqueID('sheet-title');
    const body = el('div.sheet-body');
    const dialog = el(`dialog.modal-sheet${className ? `.${className}` : ''}`, { 'aria-labelledby': titleID },
        el('header.sheet-head', {}, el('h2', { id: titleID, text: title }),
            el('button.icon-button.sheet-close', { type: 'button', 'aria-label': t('common.close'), onclick: () => dialog.close('') },
                icon('close'))),
        body);
    const opener = document.activeElement;
    const closed = new Promise((resolve) => {
        dialog.addEventListener('close', () => {
            dialog.remove();
            if (opener?.isConnected) opener.focus({ preventScroll: true });
            resolve(dialog.returnValue);
        });
    });
    document.body.append(dialog);
    dialog.showModal();
    return { dialog, body, close: (value = '') => dialog.close(value), closed };
}

/**
 * A labelled field: `{node, input, error}`. `input` is the control (made here as `<input type>` unless given);
 * `hint` is read with it; `error` shows a problem (see `invalid`).
 */
export function formField(label, { input, type = 'text', name, value = '', hint, ...attributes } = {}) {
    const id = uniqueID(name || 'field');
    const control = input ?? el('input', { type, name, value, ...attributes });
    control.id = id;
    if (name) control.name = name;
    const error = el('p.field-error', { id: `${id}-error` });
    const hintNode = hint ? el('p.hint', { id: `${id}-hint`, text: hint }) : null;
    control.setAttribute('aria-describedby', [hintNode && hintNode.id, error.id].filter(Boolean).join(' '));
    return { node: el('div.field', {}, el('label', { for: id, text: label }), control, hintNode, error), input: control, error };
}

/** Marks `field` as wrong with `message` (or right again without one); a wrong field takes the focus. */
export function invalid(field, message = '') {
    field.error.textContent = message;
    if (message) {
        field.input.setAttribute('aria-invalid', 'true');
        field.input.focus();
    } else {
        field.input.removeAttribute('aria-invalid');
    }
    return Boolean(message);
}

/** A checkbox with its label after it: `{node, input}`. */
export function checkField(label, { name, checked = false, hint } = {}) {
    const id = uniqueID(name || 'check');
    const input = el('input', { type: 'checkbox', id, name, checked });
    const hintNode = hint ? el('span.hint', { id: `${id}-hint`, text: hint }) : null;
    if (hintNode) input.setAttribute('aria-describedby', hintNode.id);
    return { node: el('div.check-field', {}, input, el('label', { for: id }, el('span', { text: label }), hintNode)), input };
}

/**
 * Every message of a failed request, for the person to read (a form may have several problems at once): the
 * server's own words (the API's are English), else `fallback`, a catalogue key of a message with a `{status}`.
 */
export function problems(error, fallback) {
    return error.errors?.length ? error.errors.join(' ') : error.status ? t(fallback, { status: String(error.status) })
        : t('common.noAnswer');
}
