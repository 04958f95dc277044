// Creating and changing one's albums: title, description and privacy (POST and PUT /collections), and deleting one
// (DELETE, after a confirmation; its photos stay in the library).

import { request } from './api.js';
import { t } from './i18n.js';
import { checkField, formField, invalid, openSheet, problems } from './sheet.js';
import { el, showAlert, toast } from './ui.js';

/**
 * The album editor: a new album when `album` is null, else that album's. → the album as saved, `{deleted: true}`
 * when it was deleted, or null when left unsaved.
 */
export async function editAlbum(album = null) {
    const { body, close, closed } = openSheet(album ? t('album.edit') : t('album.new'), { className: 'album-edit' });
    const title = formField(t('album.title'), { name: 'title', value: album?.title ?? '', maxlength: 100, required: true, autocomplete: 'off' });
    const description = formField(t('album.description'), { input: el('textarea', { rows: 3, maxlength: 1000 }), name: 'description' });
    description.input.value = album?.description ?? '';
    const secret = checkField(t('album.private'), { name: 'private', checked: Boolean(album?.private),
        hint: t('album.privateHint') });
    const problem = el('p.form-problem', { role: 'alert' });
    const save = el('button.primary', { type: 'submit' }, album ? t('common.save') : t('album.create'));
    const remove = album ? el('button.danger', { type: 'button' }, t('album.delete')) : null;
    const form = el('form.sheet-form', { novalidate: true }, title.node, description.node, secret.node, problem,
        el('div.form-actions', {}, remove, el('button.secondary', { type: 'button', onclick: () => close('') }, t('common.cancel')), save));
    body.append(form);
    title.input.focus();

    let result = null;
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        problem.textContent = '';
        if (invalid(title, title.input.value.trim() ? '' : t('album.titleMissing'))) return;
        save.setAttribute('aria-busy', 'true');
        try {
            const fields = { title: title.input.value.trim(), description: description.input.value.trim(), private: secret.input.checked };
            const { data } = album
                ? await request('PUT', `/collections/${encodeURIComponent(album.id)}`, { json: fields })
                : await request('POST', '/collections', { json: fields });
            result = data;
            document.dispatchEvent(new CustomEvent('album-changed', { detail: { album: data } }));
            close('saved');
            toast(album ? t('album.saved') : t('album.created', { title: data.title }));
        } catch (error) {
            // A title already used is the one refusal the editor can say in the page's language (the API's is English).
            const message = error.status === 409 ? t('album.titleTaken') : problems(error, 'album.saveFailed');
            if (error.status === 409 || /title/i.test(message)) invalid(title, message);
            else problem.textContent = message;
        } finally {
            save.removeAttribute('aria-busy');
        }
    });
    remove?.addEventListener('click', async () => {
        const choice = await showAlert(t('album.deleteQuestion', { title: album.title }), t('album.deleteText'),
            [t('common.delete'), t('common.cancel')]);
        if (choice !== 0) return;
        try {
            await request('DELETE', `/collections/${encodeURIComponent(album.id)}`);
            result = { deleted: true };
            document.dispatchEvent(new CustomEvent('album-changed', { detail: { album, deleted: true } }));
            close('deleted');
            toast(t('album.deleted'));
        } catch (error) {
            problem.textContent = problems(error, 'album.deleteFailed');
        }
    });
    await closed;
    return result;
}
