// Changing one's own photo: its description, tags and place (PUT /photos/:id), and deleting it (DELETE, after a
// confirmation). Every screen learns of it through `photo-changed` and `photo-deleted` events.

import { get, intern, request } from './api.js';
import { formField, invalid, openSheet, problems } from './sheet.js';
import { el, showAlert, toast } from './ui.js';

const path = (photo) => `/photos/${encodeURIComponent(photo.id)}`;

/** A coordinate as typed: a number in [-limit, limit], '' when empty, NaN when wrong. */
function coordinate(text, limit) {
    if (!text.trim()) return '';
    const value = Number(text);
    return Number.isFinite(value) && Math.abs(value) <= limit ? value : NaN;
}

/** The editor of `photo`'s details; → the photo as saved, or null when left unsaved. */
export async function editPhoto(photo) {
    const { body, close, closed } = openSheet('Edit photo', { className: 'photo-edit' });
    body.append(el('p.list-status.loading', { role: 'status', text: 'Loading…' }));
    // The lists hold slimmed photos: the tags and the place come with the photo's own record.
    let full;
    try {
        full = await get(path(photo));
    } catch (error) {
        body.replaceChildren(el('p.notice', { role: 'alert', text: problems(error, 'This photo could not be loaded') }));
        return null;
    }
    const place = full.location || {};
    const position = place.position || {};
    const description = formField('Description', { input: el('textarea', { rows: 3, maxlength: 2000 }), name: 'description' });
    description.input.value = full.description || '';
    const tags = formField('Tags', { name: 'tags', value: (full.tags || []).map((tag) => tag.title).join(', '),
        hint: 'Separated by commas, such as: beach, sunset, Brittany', autocomplete: 'off' });
    const fields = {
        name: formField('Place', { name: 'location[name]', value: place.name ?? '', autocomplete: 'off' }),
        city: formField('City', { name: 'location[city]', value: place.city ?? '', autocomplete: 'off' }),
        country: formField('Country', { name: 'location[country]', value: place.country ?? '', autocomplete: 'country-name' }),
        latitude: formField('Latitude', { name: 'location[latitude]', value: position.latitude ?? '', inputmode: 'decimal', autocomplete: 'off' }),
        longitude: formField('Longitude', { name: 'location[longitude]', value: position.longitude ?? '', inputmode: 'decimal', autocomplete: 'off' }),
    };
    const problem = el('p.form-problem', { role: 'alert' });
    const save = el('button.primary', { type: 'submit' }, 'Save');
    const form = el('form.sheet-form', { novalidate: true }, description.node, tags.node,
        el('fieldset.place-fields', {}, el('legend', { text: 'Where it was taken' }),
            fields.name.node, el('div.two', {}, fields.city.node, fields.country.node),
            el('div.two', {}, fields.latitude.node, fields.longitude.node)),
        problem,
        el('div.form-actions', {}, el('button.secondary', { type: 'button', onclick: () => close('') }, 'Cancel'), save));
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
        if (Number.isNaN(latitude)) return invalid(fields.latitude, 'Enter a latitude from -90 to 90.');
        if (Number.isNaN(longitude)) return invalid(fields.longitude, 'Enter a longitude from -180 to 180.');
        if ((latitude === '') !== (longitude === '')) {
            return invalid(latitude === '' ? fields.latitude : fields.longitude, 'Enter both the latitude and the longitude, or neither.');
        }
        const changes = { description: description.input.value.trim(), tags: tags.input.value.trim() };
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
            toast('Photo saved');
        } catch (error) {
            problem.textContent = problems(error, 'The photo could not be saved');
        } finally {
            save.removeAttribute('aria-busy');
        }
    });
    await closed;
    return saved;
}

/** Deletes `photo` once its owner confirms; → whether it was deleted. */
export async function deletePhoto(photo) {
    const choice = await showAlert('Delete this photo?',
        'It leaves the feed, your albums and everyone’s favourites. This can’t be undone.', ['Delete', 'Cancel']);
    if (choice !== 0) return false;
    try {
        await request('DELETE', path(photo));
    } catch (error) {
        if (error.status !== 404) {
            await showAlert('Could not delete this photo', problems(error, 'The server refused'));
            return false;
        }
    }
    document.dispatchEvent(new CustomEvent('photo-deleted', { detail: { id: photo.id } }));
    toast('Photo deleted');
    return true;
}
