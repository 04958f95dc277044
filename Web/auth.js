// Signing in and up: the sign-in screen (logo, "Sign in"), the log-in form and the sign-up form, validated inline.

import { request, reason, session } from './api.js';
import { go } from './router.js';
import { el, showAlert } from './ui.js';

const logo = () => el('div.logo-mark', { 'aria-hidden': 'true' }, el('img', { src: 'icon.svg', alt: '', width: 72, height: 72 }));

function nextRoute(route) {
    const next = route.query.get('next') || '/feed';
    return next.startsWith('/') && !next.startsWith('/signin') && !next.startsWith('/login') && !next.startsWith('/signup')
        ? next : '/feed';
}

const suffix = (route) => (route.query.get('next') ? `?next=${encodeURIComponent(route.query.get('next'))}` : '');

/** Rules the server applies, checked as the person types. */
const RULES = {
    first_name: (value) => (value.trim() ? '' : 'Enter your first name.'),
    last_name: (value) => (value.trim() ? '' : 'Enter your last name.'),
    username: (value) => (/^[A-Za-z0-9_]{3,30}$/.test(value.trim()) ? '' : 'Use 3 to 30 letters, digits or underscores.'),
    email: (value) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? '' : 'Enter an email address like name@example.com.'),
    password: (value) => {
        if (value.length < 8) return 'Use at least 8 characters.';
        if (value.length > 72) return 'Use at most 72 characters.';
        if (!/\d/.test(value)) return 'Add a digit.';
        if (!/[^A-Za-z0-9]/.test(value)) return 'Add a special character, such as ! or #.';
        return '';
    },
    login: (value) => (value.trim() ? '' : 'Enter your email or username.'),
    current_password: (value) => (value ? '' : 'Enter your password.'),
};

function field(name, label, type, autocomplete, hint) {
    const id = `auth-${name}`;
    const input = el('input', { id, name, type, autocomplete, required: true, 'aria-describedby': `${id}-error${hint ? ` ${id}-hint` : ''}` });
    const error = el('p.field-error', { id: `${id}-error` });
    const node = el('div.field', {}, el('label', { for: id, text: label }), input,
        hint ? el('p.hint', { id: `${id}-hint`, text: hint }) : null, error);
    return { node, input, error, name };
}

/** Wires inline validation: errors show after a field is left or the form submitted, and clear as it's fixed. */
function validate(fields, ruleOf) {
    const check = (item, show) => {
        const message = ruleOf(item)(item.input.value);
        if (show || item.error.textContent) {
            item.error.textContent = message;
            item.input.toggleAttribute('aria-invalid', Boolean(message));
            if (message) item.input.setAttribute('aria-invalid', 'true');
        }
        return !message;
    };
    for (const item of fields) {
        item.input.addEventListener('blur', () => item.input.value && check(item, true));
        item.input.addEventListener('input', () => check(item, false));
    }
    return () => {
        const results = fields.map((item) => check(item, true));
        const firstBad = fields[results.indexOf(false)];
        firstBad?.input.focus();
        return !firstBad;
    };
}

function screen(...children) {
    return el('div.auth', {}, el('div.auth-card', {}, ...children));
}

export function renderSignIn(section, route) {
    section.replaceChildren(screen(
        logo(),
        el('h1', { text: 'ImageFeed' }),
        el('p.muted', { text: route.query.get('next') ? 'Sign in to like photos and keep your favourites.' : 'Your photos, endlessly scrollable.' }),
        el('a.button.primary.wide', { href: `#/login${suffix(route)}` }, 'Sign in'),
        el('a.button.secondary.wide', { href: `#/signup${suffix(route)}` }, 'Create an account'),
        el('a.subtle', { href: '#/feed' }, 'Not now — browse photos'),
    ));
}

async function submitting(button, work) {
    button.setAttribute('aria-busy', 'true');
    button.disabled = true;
    try {
        return await work();
    } finally {
        button.removeAttribute('aria-busy');
        button.disabled = false;
    }
}

export function renderLogin(section, route) {
    const login = field('login', 'Email or username', 'text', 'username');
    const password = field('password', 'Password', 'password', 'current-password');
    const button = el('button.primary.wide', { type: 'submit' }, 'Sign in');
    const check = validate([login, password], (item) => (item === password ? RULES.current_password : RULES.login));
    const form = el('form.auth-form', { novalidate: true }, login.node, password.node, button);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        if (!check()) return;
        await submitting(button, async () => {
            try {
                const { data } = await request('POST', '/account/login', {
                    json: { login: login.input.value.trim(), password: password.input.value },
                });
                session.set(data);
                go(nextRoute(route), { replace: true });
            } catch (error) {
                if (error.status === 401) {
                    await showAlert('Incorrect email or password', 'Check them and try again.');
                    password.input.value = '';
                    password.input.focus();
                } else if (error.status === 429) {
                    const wait = Number(error.headers?.get('Retry-After')) || 60;
                    await showAlert('Too many attempts', `Wait ${wait < 90 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`} before trying again.`);
                } else {
                    // The person stays on the form, with what they typed, to try again.
                    await showAlert('Something went wrong — could not sign in', reason(error));
                    password.input.focus();
                }
            }
        });
    });
    section.replaceChildren(screen(
        logo(),
        el('h1', { text: 'Sign in' }),
        form,
        el('p.muted', {}, 'New here? ', el('a', { href: `#/signup${suffix(route)}` }, 'Create an account')),
        el('a.subtle', { href: `/account/login?return_to=${encodeURIComponent(`/#${nextRoute(route)}`)}` }, 'Use the sign-in page instead'),
    ));
    login.input.focus();
}

export function renderSignUp(section, route) {
    const fields = [
        field('first_name', 'First name', 'text', 'given-name'),
        field('last_name', 'Last name', 'text', 'family-name'),
        field('username', 'Username', 'text', 'username', '3–30 letters, digits or _'),
        field('email', 'Email', 'email', 'email'),
        field('password', 'Password', 'password', 'new-password', 'At least 8 characters, with a digit and a special character.'),
    ];
    const byName = Object.fromEntries(fields.map((item) => [item.name, item]));
    const button = el('button.primary.wide', { type: 'submit' }, 'Create account');
    const check = validate(fields, (item) => RULES[item.name]);
    const form = el('form.auth-form', { novalidate: true }, el('div.two', {}, fields[0].node, fields[1].node),
        ...fields.slice(2).map((item) => item.node), button);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        if (!check()) return;
        const body = Object.fromEntries(fields.map((item) => [item.name, item.name === 'password' ? item.input.value : item.input.value.trim()]));
        await submitting(button, async () => {
            try {
                const { data } = await request('POST', '/account/signup', { json: body });
                session.set(data);
                go(nextRoute(route), { replace: true });
            } catch (error) {
                if (error.status === 422 || error.status === 409) {
                    for (const message of error.errors) {
                        const lower = message.toLowerCase();
                        const target = ['username', 'email', 'password', 'first name', 'last name']
                            .find((name) => lower.includes(name));
                        const item = target && byName[target.replace(' ', '_')];
                        if (item) {
                            item.error.textContent = message;
                            item.input.setAttribute('aria-invalid', 'true');
                        }
                    }
                    await showAlert(error.status === 409 ? 'That account already exists' : 'Check your details', error.errors.join('\n'));
                    form.querySelector('[aria-invalid=true]')?.focus();
                } else {
                    await showAlert('Could not create your account', reason(error));
                }
            }
        });
    });
    section.replaceChildren(screen(
        logo(),
        el('h1', { text: 'Create your account' }),
        form,
        el('p.muted', {}, 'Already have an account? ', el('a', { href: `#/login${suffix(route)}` }, 'Sign in')),
    ));
    fields[0].input.focus();
}
