// Changing one's own photo: its description, tags and place (PUT /photos/:id), and deleting it (DELETE, after a
// confirmation). Every screen learns of it through `photo-changed` and `photo-deleted` events.

import { get, intern, request } from './api.js';
import { t } from './i18n.js';
import { formField, invalid, openSheet, problems } from './sheet.js';
import { el, showAlert, toast } from './ui.js';

const path = (photo) => `/photos/${encodeURIComponent(photo.id)}`;

/**
 * A coordinate as typed: a number in [-limit, limit], '' when empty, NaN when wrong. Typed as the person's language
 * writes numbers, too: a decimal comma ("48,85"), Arabic's digits and decimal separator ("٤٨٫٨٥").
 */
function coordinate(text, limit) {
    if (!text.trim()) return '';
    const western = text.trim().replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
        .replace(/[\u066b,]/g, '.').replace(/\u2212/g, '-');
    const value = Number(western);
    return Number.isFinite(value) && Math.abs(value) <= limit ? value : NaN;
}

/** The editor of `photo`'s details; → the photo as saved, or null when left unsaved. */
export async function editPhoto(photo) {
    const { body, close, closed } = openSheet(t('photoEdit.title'), { className: 'photo-edit' });
    body.append(el('p.list-status.loading', { role: 'status', text: t('common.loading') }));
    // The lists hold slimmed photos: the tags and the place come with the photo's own record.
    let full;
    try {
        full = await get(path(photo));
    } catch (error) {
        body.replaceChildren(el('p.notice', { role: 'alert', text: problems(error, 'photoEdit.loadFailed') }));
        return null;
    }
    const place = full.location || {};
    const position = place.position || {};
    const description = formField(t('album.description'), { input: el('textarea', { rows: 3, maxlength: 2000 }), name: 'description' });
    description.input.value = full.description || '';
    const tags = formField(t('info.tags'), { name: 'tags', value: (full.tags || []).map((tag) => tag.title).join(', '),
        hint: t('photoEdit.tagsHint'), autocomplete: 'off' });
    const fields = {
        name: formField(t('photoEdit.place'), { name: 'location[name]', value: place.name ?? '', autocomplete: 'off' }),
        city: formField(t('profile.city'), { name: 'location[city]', value: place.city ?? '', autocomplete: 'off' }),
        country: formField(t('photoEdit.country'), { name: 'location[country]', value: place.country ?? '', autocomplete: 'country-name' }),
        latitude: formField(t('profile.latitude'), { name: 'location[latitude]', value: position.latitude ?? '', inputmode: 'decimal', autocomplete: 'off' }),
        longitude: formField(t('profile.longitude'), { name: 'location[longitude]', value: position.longitude ?? '', inputmode: 'decimal', autocomplete: 'off' }),
    };
    const problem = el('p.form-problem', { role: 'alert' });
    const save = el('button.primary', { type: 'submit' }, t('common.save'));
    const form = el('form.sheet-form', { novalidate: true }, description.node, tags.node,
        el('fieldset.place-fields', {}, el('legend', { text: t('photoEdit.where') }),
            fields.name.node, el('div.two', {}, fields.city.node, fields.country.node),
            el('div.two', {}, fields.latitude.node, fields.longitude.node)),
        problem,
        el('div.form-actions', {}, el('button.secondary', { type: 'button', onclick: () => close('') }, t('common.cancel')), save));
    body.replaceChildren(form);
    description.input.focus();

    let saved = null;
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        problem.textContent = '';
        const latitude = coordinate(fields.latitude.input.value, 90);
        const longitude = coordinate(fields.longitude.input.value, 180);
        invalid(fields.longitude);
        invalid(fields.latitude);
        if (Number.isNaN(latitude)) return invalid(fields.latitude, t('photoEdit.latitudeRange', { min: -90, max: 90 }));
        if (Number.isNaN(longitude)) return invalid(fields.longitude, t('photoEdit.longitudeRange', { min: -180, max: 180 }));
        if ((latitude === '') !== (longitude === '')) {
            return invalid(latitude === '' ? fields.latitude : fields.longitude, t('photoEdit.bothOrNeither'));
        }
        // Tags are separated by commas, whichever comma the person's keyboard has (Arabic's "،", the ideographic "、").
        const changes = { description: description.input.value.trim(), tags: tags.input.value.replace(/[\u060c\u3001\uff0c]/g, ',').trim() };
        for (const field of Object.values(fields)) changes[field.input.name] = field.input.value.trim();
        if (latitude === '') {
            // An empty position would change nothing: it is left out.
            delete changes['location[latitude]'];
            delete changes['location[longitude]'];
        } else {
            Object.assign(changes, { 'location[latitude]': latitude, 'location[longitude]': longitude });
        }
        save.setAttribute('aria-busy', 'true');
        try {
            const { data } = await request('PUT', path(photo), { json: changes });
            saved = intern(data);
            document.dispatchEvent(new CustomEvent('photo-changed', { detail: { photo: saved } }));
            close('saved');
            toast(t('photoEdit.saved'));
        } catch (error) {
            problem.textContent = problems(error, 'photoEdit.saveFailed');
        } finally {
            save.removeAttribute('aria-busy');
        }
    });
    await closed;
    return saved;
}

/** Deletes `photo` once its owner confirms; → whether it was deleted. */
export async function deletePhoto(photo) {
    const choice = await showAlert(t('photoDelete.question'), t('photoDelete.text'), [t('common.delete'), t('common.cancel')]);
    if (choice !== 0) return false;
    try {
        await request('DELETE', path(photo));
    } catch (error) {
        if (error.status !== 404) {
            await showAlert(t('photoDelete.failed'), problems(error, 'photoDelete.refused'));
            return false;
        }
    }
    document.dispatchEvent(new CustomEvent('photo-deleted', { detail: { id: photo.id } }));
    toast(t('photoDelete.done'));
    return true;
}
