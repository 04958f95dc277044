// Profile: avatar, every field of PUT /me (names, username, email, bio, place, links, address and contact), counts
// (followers, following, views, downloads, likes), whether exact photo places are public, device for wallpaper
// downloads, theme, uploading photos, and logging out.

import { request, get, reason, session, NetworkError } from './api.js';
import { personCounts } from './people.js';
import { go, OPEN_ON } from './router.js';
import { el, avatar, displayName, icon, showAlert, toast } from './ui.js';

/** Every message of the server's answer (a form may have several problems at once). */
const problem = (error) => error.errors?.join(' ') || reason(error);

/** A text field of the form: `[name in PUT /me, label, autocomplete token, value in /me, input type]`. */
const input = ([name, label, autocomplete, value, type = 'text']) => el('div.field', {},
    el('label', { for: name, text: label }),
    el('input', { id: name, name, type, value: value ?? '', autocomplete, maxlength: 100 }));

// Address and contact fields: name in PUT /me, label, autocomplete token.
const CONTACT = [
    ['address_street', 'Street', 'address-line1'], ['address_suite', 'Suite', 'address-line2'],
    ['address_city', 'City', 'address-level2'], ['address_zipcode', 'Zip code', 'postal-code'],
    ['address_lat', 'Latitude'], ['address_lng', 'Longitude'], ['phone', 'Phone', 'tel'], ['website', 'Website', 'url'],
    ['company_name', 'Company', 'organization'], ['company_catch_phrase', 'Catch phrase', 'off'], ['company_bs', 'Business', 'off'],
];

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
            await showAlert('Could not save your profile', problem(error));
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
            toast('Profile photo updated');
        } catch (error) {
            await showAlert('Could not change your photo', problem(error));
        }
    }

    function upload() {
        import('./upload.js').then((m) => m.openUpload(), () => toast('Uploading could not be loaded. Check your connection.'));
    }

    async function logOut() {
        const choice = await showAlert('Log out?', 'You can sign in again at any time.', ['Yes', 'No']);
        if (choice !== 0) return;
        try {
            await request('POST', '/account/logout');
        } catch (error) {
            if (error instanceof NetworkError) {
                await showAlert('Could not log out', reason(error));
                return;
            }
        }
        session.set(null);
        go('/signin', { replace: true });
    }

    function render() {
        const user = session.user;
        if (!user) return;
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
            ['username', 'Username', 'username', user.username], ['email', 'Email', 'email', user.email, 'email'],
            ['location', 'Location', 'off', user.location], ['url', 'Portfolio', 'url', user.portfolio_url, 'url'],
            ['instagram_username', 'Instagram username', 'off', user.instagram_username],
        ].map(input);
        const saveButton = el('button.primary', { type: 'submit' }, 'Save');
        const form = el('form.card-form', { novalidate: true }, el('h2', { text: 'Edit profile' }),
            el('div.two', {},
                el('div.field', {}, el('label', { for: 'first-name', text: 'First name' }), first, firstError),
                el('div.field', {}, el('label', { for: 'last-name', text: 'Last name' }), last)),
            el('div.two', {}, account.slice(0, 2)),
            el('div.field', {}, el('label', { for: 'bio', text: 'Bio' }), bio),
            el('div.two', {}, account.slice(2)),
            el('h3.section-title', { id: 'contact-title', text: 'Address and contact' }),
            el('div.two', { role: 'group', 'aria-labelledby': 'contact-title' }, contact),
            el('div.form-actions', {}, saveButton));
        form.addEventListener('submit', async (event) => {
            event.preventDefault();
            if (!first.value.trim()) {
                firstError.textContent = 'Enter your first name.';
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
                toast('Profile saved');
            }
        });

        const deviceSelect = choice('device', [['', 'Not chosen']], '', async (device) => {
            if (await save({ device })) toast(device ? 'Device saved' : 'Device cleared');
        });
        const fillDevices = () => {
            for (const device of devices || []) {
                deviceSelect.append(el('option', { value: device.id, text: `${device.name} — ${device.width} × ${device.height}` }));
            }
            deviceSelect.value = user.device?.id || '';
        };
        if (devices) fillDevices();
        else get('/devices').then((list) => { devices = list; fillDevices(); }).catch(() => {});

        // Where their photos were taken, to the metre for everyone, or (the default) to about a kilometre for others.
        const exact = el('input', { type: 'checkbox', id: 'exact-location', checked: Boolean(user.exact_location_public), 'aria-describedby': 'exact-location-hint' });
        exact.addEventListener('change', async () => {
            if (await save({ exact_location_public: exact.checked })) {
                toast(exact.checked ? 'Exact places are now public' : 'Places are now shown to about 1 km');
            } else {
                exact.checked = !exact.checked;
            }
        });

        const themeSelect = choice('theme', [['system', 'Same as system'], ['light', 'Light'], ['dark', 'Dark']],
            theme.preference(), (value) => theme.set(value));
        // Read at the next launch (app.js), which then goes to the photos near the person.
        const openOnSelect = choice('open-on', [['feed', 'Feed'], ['near', 'Near me']],
            localStorage.getItem(OPEN_ON) || 'feed', (value) => localStorage.setItem(OPEN_ON, value));

        section.replaceChildren(
            el('header.profile-head', {},
                avatar(user, 96, 'avatar huge'),
                el('div', {},
                    el('h1', { text: displayName(user) }),
                    el('p.muted', { text: `@${user.username}` }),
                    user.bio ? el('p.bio', { text: user.bio }) : null,
                    el('div.inline-actions', {},
                        el('label.button.secondary', { for: 'avatar-file' }, 'Change photo'), fileInput,
                        el('a.button.secondary', { href: `#/user/${encodeURIComponent(user.username)}` }, 'My albums'),
                        el('button.secondary.small', { type: 'button', onclick: upload }, icon('plus', 'icon small'), 'Upload photos')))),
            personCounts(user).node,
            form,
            el('section.card-form', { 'aria-labelledby': 'privacy-title' },
                el('h2', { id: 'privacy-title', text: 'Privacy' }),
                el('div.check-field', {}, exact, el('label', { for: 'exact-location' },
                    el('span', { text: 'Show exactly where my photos were taken' }),
                    el('span.hint', { id: 'exact-location-hint', text: 'When off, everyone else sees a place to within about a kilometre.' })))),
            el('section.card-form', { 'aria-labelledby': 'prefs-title' },
                el('h2', { id: 'prefs-title', text: 'Preferences' }),
                el('div.field', {}, el('label', { for: 'device', text: 'My device (for wallpaper downloads)' }), deviceSelect),
                el('div.field', {}, el('label', { for: 'theme', text: 'Appearance' }), themeSelect),
                el('div.field', {}, el('label', { for: 'open-on', text: 'Open on' }), openOnSelect)),
            el('div.form-actions.center', {}, el('button.danger', { type: 'button', onclick: logOut }, 'Log out')),
        );
    }

    return {
        show() { if (session.user && !section.contains(document.activeElement)) render(); },
        hide() {},
        refresh: render,
    };
}
