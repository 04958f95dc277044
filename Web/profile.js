// Profile: avatar, every field of PUT /me (names, username, email, bio, place, links, address and contact), counts
// (followers, following, views, downloads, likes), whether exact photo places are public, device for wallpaper
// downloads, language, theme, uploading photos, and logging out.

import { request, get, reason, session, NetworkError } from './api.js';
import { deviceName } from './device.js';
import { formatDimensions, LANGUAGES, languageName, systemLanguage, t } from './i18n.js';
import { personCounts } from './people.js';
import { go, OPEN_ON } from './router.js';
import { el, avatar, displayName, handle, icon, showAlert, toast } from './ui.js';

/** Every message of the server's answer (a form may have several problems at once). */
const problem = (error) => error.errors?.join(' ') || reason(error);

/** A text field of the form: `[name in PUT /me, label's catalogue key, autocomplete token, value in /me, input type]`. */
const input = ([name, label, autocomplete, value, type = 'text']) => el('div.field', {},
    el('label', { for: name, text: t(label) }),
    el('input', { id: name, name, type, value: value ?? '', autocomplete, maxlength: 100 }));

// Address and contact fields: name in PUT /me, label's catalogue key, autocomplete token.
const CONTACT = [
    ['address_street', 'profile.street', 'address-line1'], ['address_suite', 'profile.suite', 'address-line2'],
    ['address_city', 'profile.city', 'address-level2'], ['address_zipcode', 'profile.zipcode', 'postal-code'],
    ['address_lat', 'profile.latitude'], ['address_lng', 'profile.longitude'], ['phone', 'profile.phone', 'tel'],
    ['website', 'profile.website', 'url'], ['company_name', 'profile.company', 'organization'],
    ['company_catch_phrase', 'profile.catchPhrase', 'off'], ['company_bs', 'profile.business', 'off'],
];

/** The account's language ('system': the browser's languages decide). */
const chosenLanguage = (user) => user.language || 'system';

/** A select `id` of `[value, text]` options showing `value`; `onChange(value)` when another is chosen. */
function choice(id, options, value, onChange) {
    const select = el('select', { id }, options.map(([value, text]) => el('option', { value, text })));
    select.value = value;
    select.addEventListener('change', () => onChange(select.value));
    return select;
}

export function createProfile(section, { theme }) {
    let devices = null;

    async function save(fields, button) {
        button?.setAttribute('aria-busy', 'true');
        try {
            const { data } = await request('PUT', '/me', { json: fields });
            session.set(data);
            return true;
        } catch (error) {
            await showAlert(t('profile.saveFailed'), problem(error));
            return false;
        } finally {
            button?.removeAttribute('aria-busy');
        }
    }

    async function changeAvatar(file) {
        const body = new FormData();
        body.append('avatar', file);
        try {
            const { data } = await request('PUT', '/me/avatar', { body });
            session.set(data);
            toast(t('profile.avatarSaved'));
        } catch (error) {
            await showAlert(t('profile.avatarFailed'), problem(error));
        }
    }

    function upload() {
        import('./upload.js').then((m) => m.openUpload(), () => toast(t('profile.uploadFailed')));
    }

    async function logOut() {
        const choice = await showAlert(t('profile.logOut.title'), t('profile.logOut.text'), [t('common.yes'), t('common.no')]);
        if (choice !== 0) return;
        try {
            await request('POST', '/account/logout');
        } catch (error) {
            if (error instanceof NetworkError) {
                await showAlert(t('profile.logOut.failed'), reason(error));
                return;
            }
        }
        session.set(null);
        go('/signin', { replace: true });
    }

    function render() {
        const user = session.user;
        if (!user) return;
        // Drawn again after every save: the control that was used keeps the focus.
        const focused = section.contains(document.activeElement) ? document.activeElement.id : null;
        const fileInput = el('input.visually-hidden', { id: 'avatar-file', type: 'file', accept: 'image/*' });
        fileInput.addEventListener('change', () => fileInput.files[0] && changeAvatar(fileInput.files[0]));
        const first = el('input', { id: 'first-name', name: 'first_name', value: user.first_name || '', autocomplete: 'given-name', required: true, maxlength: 60 });
        const last = el('input', { id: 'last-name', name: 'last_name', value: user.last_name || '', autocomplete: 'family-name', maxlength: 60 });
        const bio = el('textarea', { id: 'bio', name: 'bio', rows: 3, maxlength: 250 });
        bio.value = user.bio || '';
        const firstError = el('p.field-error', { id: 'first-name-error' });
        const address = user.address || {};
        // Values by the field's name without its group ("address_city" → city, "company_bs" → bs).
        const company = user.company || {};
        const values = { ...user, ...address, ...address.geo, name: company.name, catch_phrase: company.catch_phrase, bs: company.bs };
        const contact = CONTACT.map(([name, label, autocomplete]) =>
            input([name, label, autocomplete, values[name.replace(/^(address|company)_/, '')]]));
        const account = [
            ['username', 'profile.username', 'username', user.username], ['email', 'profile.email', 'email', user.email, 'email'],
            ['location', 'profile.location', 'off', user.location], ['url', 'profile.portfolio', 'url', user.portfolio_url, 'url'],
            ['instagram_username', 'profile.instagram', 'off', user.instagram_username],
        ].map(input);
        const saveButton = el('button.primary', { type: 'submit' }, t('common.save'));
        const form = el('form.card-form', { novalidate: true }, el('h2', { text: t('profile.edit') }),
            el('div.two', {},
                el('div.field', {}, el('label', { for: 'first-name', text: t('profile.firstName') }), first, firstError),
                el('div.field', {}, el('label', { for: 'last-name', text: t('profile.lastName') }), last)),
            el('div.two', {}, account.slice(0, 2)),
            el('div.field', {}, el('label', { for: 'bio', text: t('profile.bio') }), bio),
            el('div.two', {}, account.slice(2)),
            el('h3.section-title', { id: 'contact-title', text: t('profile.contact') }),
            el('div.two', { role: 'group', 'aria-labelledby': 'contact-title' }, contact),
            el('div.form-actions', {}, saveButton));
        form.addEventListener('submit', async (event) => {
            event.preventDefault();
            if (!first.value.trim()) {
                firstError.textContent = t('signUp.rule.firstName');
                first.setAttribute('aria-invalid', 'true');
                first.setAttribute('aria-describedby', 'first-name-error');
                first.focus();
                return;
            }
            first.removeAttribute('aria-invalid');
            firstError.textContent = '';
            const fields = {};
            for (const [name, value] of new FormData(form)) fields[name] = value.trim();
            // A portfolio typed as "example.com" is meant as a web address.
            if (fields.url && !/^[a-z][a-z0-9+.-]*:/i.test(fields.url)) fields.url = `https://${fields.url}`;
            if (await save(fields, saveButton)) {
                toast(t('profile.saved'));
            }
        });

        const deviceSelect = choice('device', [['', t('profile.device.none')]], '', async (device) => {
            if (await save({ device })) toast(device ? t('profile.device.saved') : t('profile.device.cleared'));
        });
        const fillDevices = () => {
            for (const device of devices || []) {
                deviceSelect.append(el('option', { value: device.id,
                    text: t('profile.device.option', { device: deviceName(device), dimensions: formatDimensions(device.width, device.height) }) }));
            }
            deviceSelect.value = user.device?.id || '';
        };
        if (devices) fillDevices();
        else get('/devices').then((list) => { devices = list; fillDevices(); }).catch(() => {});

        // Where their photos were taken, to the metre for everyone, or (the default) to about a kilometre for others.
        const exact = el('input', { type: 'checkbox', id: 'exact-location', checked: Boolean(user.exact_location_public), 'aria-describedby': 'exact-location-hint' });
        exact.addEventListener('change', async () => {
            if (await save({ exact_location_public: exact.checked })) {
                toast(exact.checked ? t('profile.exact.on') : t('profile.exact.off'));
            } else {
                exact.checked = !exact.checked;
            }
        });

        const themeSelect = choice('theme', [['system', t('profile.theme.system')], ['light', t('profile.theme.light')],
            ['dark', t('profile.theme.dark')]], theme.preference(), (value) => theme.set(value));
        // Read at the next launch (app.js), which then goes to the photos near the person.
        const openOnSelect = choice('open-on', [['feed', t('profile.openOn.feed')], ['near', t('profile.openOn.near')]],
            localStorage.getItem(OPEN_ON) || 'feed', (value) => localStorage.setItem(OPEN_ON, value));
        // Kept with the account, so it follows them to every browser; app.js shows it once the account has it.
        const languageSelect = choice('language', [
            ['system', t('profile.language.system', { language: languageName(systemLanguage()) })],
            ...LANGUAGES.map((code) => [code, languageName(code)]),
        ], chosenLanguage(user), async (value) => {
            if (!await save({ language: value === 'system' ? '' : value }, languageSelect)) {
                languageSelect.value = chosenLanguage(user);
            }
        });
        for (const option of languageSelect.options) {
            if (option.value !== 'system') option.lang = option.value;
        }

        section.replaceChildren(
            el('header.profile-head', {},
                avatar(user, 96, 'avatar huge'),
                el('div', {},
                    el('h1', { text: displayName(user) }),
                    el('p.muted', { text: handle(user.username) }),
                    user.bio ? el('p.bio', { text: user.bio }) : null,
                    el('div.inline-actions', {},
                        el('label.button.secondary', { for: 'avatar-file' }, t('profile.changePhoto')), fileInput,
                        el('a.button.secondary', { href: `#/user/${encodeURIComponent(user.username)}` }, t('profile.myAlbums')),
                        el('button.secondary.small', { type: 'button', onclick: upload }, icon('plus', 'icon small'), t('upload.button.title'))))),
            personCounts(user).node,
            form,
            el('section.card-form', { 'aria-labelledby': 'privacy-title' },
                el('h2', { id: 'privacy-title', text: t('profile.privacy') }),
                el('div.check-field', {}, exact, el('label', { for: 'exact-location' },
                    el('span', { text: t('profile.exact.label') }),
                    el('span.hint', { id: 'exact-location-hint', text: t('profile.exact.hint') })))),
            el('section.card-form', { 'aria-labelledby': 'prefs-title' },
                el('h2', { id: 'prefs-title', text: t('profile.preferences') }),
                el('div.field', {}, el('label', { for: 'language', text: t('profile.language.label') }), languageSelect),
                el('div.field', {}, el('label', { for: 'device', text: t('profile.device.label') }), deviceSelect),
                el('div.field', {}, el('label', { for: 'theme', text: t('profile.theme.label') }), themeSelect),
                el('div.field', {}, el('label', { for: 'open-on', text: t('profile.openOn.label') }), openOnSelect)),
            el('div.form-actions.center', {}, el('button.danger', { type: 'button', onclick: logOut }, t('profile.logOut.button'))),
        );
        if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
    }

    return {
        show() { if (session.user && !section.contains(document.activeElement)) render(); },
        hide() {},
        refresh: render,
    };
}
