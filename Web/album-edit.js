// Creating and changing one's albums: title, description and privacy (POST and PUT /collections), and deleting one
// (DELETE, after a confirmation; its photos stay in the library).

import { request } from './api.js';
import { checkField, formField, invalid, openSheet, problems } from './sheet.js';
import { el, showAlert, toast } from './ui.js';

/**
 * The album editor: a new album when `album` is null, else that album's. → the album as saved, `{deleted: true}`
 * when it was deleted, or null when left unsaved.
 */
export async function editAlbum(album = null) {
    const { body, close, closed } = openSheet(album ? 'Edit album' : 'New album', { className: 'album-edit' });
    const title = formField('Title', { name: 'title', value: album?.title ?? '', maxlength: 100, required: true, autocomplete: 'off' });
    const description = formField('Description', { input: el('textarea', { rows: 3, maxlength: 1000 }), name: 'description' });
    description.input.value = album?.description ?? '';
    const secret = checkField('Private', { name: 'private', checked: Boolean(album?.private),
        hint: 'Only you can see it; it is left out of your page and of search for everyone else.' });
    const problem = el('p.form-problem', { role: 'alert' });
    const save = el('button.primary', { type: 'submit' }, album ? 'Save' : 'Create album');
    const remove = album ? el('button.danger', { type: 'button' }, 'Delete album') : null;
    const form = el('form.sheet-form', { novalidate: true }, title.node, description.node, secret.node, problem,
        el('div.form-actions', {}, remove, el('button.secondary', { type: 'button', onclick: () => close('') }, 'Cancel'), save));
    body.append(form);
    title.input.focus();

    let result = null;
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        problem.textContent = '';
        if (invalid(title, title.input.value.trim() ? '' : 'Give the album a title.')) return;
        save.setAttribute('aria-busy', 'true');
        try {
            const fields = { title: title.input.value.trim(), description: description.input.value.trim(), private: secret.input.checked };
            const { data } = album
                ? await request('PUT', `/collections/${encodeURIComponent(album.id)}`, { json: fields })
                : await request('POST', '/collections', { json: fields });
            result = data;
            document.dispatchEvent(new CustomEvent('album-changed', { detail: { album: data } }));
            close('saved');
            toast(album ? 'Album saved' : `Album “${data.title}” created`);
        } catch (error) {
            const message = problems(error, 'The album could not be saved');
            if (error.status === 409 || /title/i.test(message)) invalid(title, message);
            else problem.textContent = message;
        } finally {
            save.removeAttribute('aria-busy');
        }
    });
    remove?.addEventListener('click', async () => {
        const choice = await showAlert(`Delete “${album.title}”?`, 'The album goes; its photos stay in the library.', ['Delete', 'Cancel']);
        if (choice !== 0) return;
        try {
            await request('DELETE', `/collections/${encodeURIComponent(album.id)}`);
            result = { deleted: true };
            document.dispatchEvent(new CustomEvent('album-changed', { detail: { album, deleted: true } }));
            close('deleted');
            toast('Album deleted');
        } catch (error) {
            problem.textContent = problems(error, 'The album could not be deleted');
        }
    });
    await closed;
    return result;
}
