// Signing in and up: the sign-in screen (logo, "Sign in"), the log-in form and the sign-up form, validated inline.

import { request, reason, session } from './api.js';
import { formatRelative, t, tNodes } from './i18n.js';
import { go } from './router.js';
import { el, showAlert } from './ui.js';

const logo = () => el('div.logo-mark', { 'aria-hidden': 'true' }, el('img', { src: 'icon.svg', alt: '', width: 72, height: 72 }));

function nextRoute(route) {
    const next = route.query.get('next') || '/feed';
    return next.startsWith('/') && !next.startsWith('/signin') && !next.startsWith('/login') && !next.startsWith('/signup')
        ? next : '/feed';
}

const suffix = (route) => (route.query.get('next') ? `?next=${encodeURIComponent(route.query.get('next'))}` : '');

/** Rules the server applies, checked as the person types (the server's own messages are English, as the API's). */
const RULES = {
    first_name: (value) => (value.trim() ? '' : t('signUp.rule.firstName')),
    last_name: (value) => (value.trim() ? '' : t('signUp.rule.lastName')),
    username: (value) => (/^[A-Za-z0-9_]{3,30}$/.test(value.trim()) ? '' : t('signUp.rule.username', { min: 3, max: 30 })),
    email: (value) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? '' : t('signUp.rule.email')),
    password: (value) => {
        if (value.length < 8) return t('signUp.rule.passwordShort', { count: 8 });
        if (value.length > 72) return t('signUp.rule.passwordLong', { count: 72 });
        if (!/\d/.test(value)) return t('signUp.rule.digit');
        if (!/[^A-Za-z0-9]/.test(value)) return t('signUp.rule.special');
        return '';
    },
    login: (value) => (value.trim() ? '' : t('signIn.rule.login')),
    current_password: (value) => (value ? '' : t('signIn.rule.password')),
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
        el('h1', { text: t('app.name') }),
        el('p.muted', { text: route.query.get('next') ? t('welcome.why') : t('welcome.tagline') }),
        el('a.button.primary.wide', { href: `#/login${suffix(route)}` }, t('signIn.button')),
        el('a.button.secondary.wide', { href: `#/signup${suffix(route)}` }, t('signUp.link')),
        el('a.subtle', { href: '#/feed' }, t('welcome.later')),
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
    const login = field('login', t('signIn.login'), 'text', 'username');
    const password = field('password', t('signIn.password'), 'password', 'current-password');
    const button = el('button.primary.wide', { type: 'submit' }, t('signIn.button'));
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
                    await showAlert(t('signIn.wrong.title'), t('signIn.wrong.text'));
                    password.input.value = '';
                    password.input.focus();
                } else if (error.status === 429) {
                    const wait = Number(error.headers?.get('Retry-After')) || 60;
                    await showAlert(t('signIn.throttled.title'), t('signIn.throttled.text', { when: formatRelative(wait) }));
                } else {
                    // The person stays on the form, with what they typed, to try again.
                    await showAlert(t('signIn.failed'), reason(error));
                    password.input.focus();
                }
            }
        });
    });
    section.replaceChildren(screen(
        logo(),
        el('h1', { text: t('screen.signIn') }),
        form,
        el('p.muted', {}, ...tNodes('signIn.new', { link: el('a', { href: `#/signup${suffix(route)}` }, t('signUp.link')) })),
        el('a.subtle', { href: `/account/login?return_to=${encodeURIComponent(`/#${nextRoute(route)}`)}` }, t('signIn.page')),
    ));
    login.input.focus();
}

export function renderSignUp(section, route) {
    const fields = [
        field('first_name', t('profile.firstName'), 'text', 'given-name'),
        field('last_name', t('profile.lastName'), 'text', 'family-name'),
        field('username', t('profile.username'), 'text', 'username', t('signUp.usernameHint', { min: 3, max: 30 })),
        field('email', t('profile.email'), 'email', 'email'),
        field('password', t('signIn.password'), 'password', 'new-password', t('signUp.passwordHint', { count: 8 })),
    ];
    const byName = Object.fromEntries(fields.map((item) => [item.name, item]));
    const button = el('button.primary.wide', { type: 'submit' }, t('screen.signUp'));
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
                    // The API's messages are English: each goes to its field, in the page's language where the
                    // page knows the rule (a taken email or username, a rule it checks itself).
                    const shown = error.errors.map((message) => {
                        const lower = message.toLowerCase();
                        const target = ['username', 'email', 'password', 'first name', 'last name']
                            .find((name) => lower.includes(name));
                        const item = target && byName[target.replace(' ', '_')];
                        if (!item) return message;
                        const text = error.status === 409 ? t(item.name === 'email' ? 'signUp.emailTaken' : 'signUp.usernameTaken')
                            : RULES[item.name](item.name === 'password' ? item.input.value : item.input.value.trim()) || message;
                        item.error.textContent = text;
                        item.input.setAttribute('aria-invalid', 'true');
                        return text;
                    });
                    await showAlert(error.status === 409 ? t('signUp.exists') : t('signUp.check'), shown.join('\n'));
                    form.querySelector('[aria-invalid=true]')?.focus();
                } else {
                    await showAlert(t('signUp.failed'), reason(error));
                }
            }
        });
    });
    section.replaceChildren(screen(
        logo(),
        el('h1', { text: t('signUp.title') }),
        form,
        el('p.muted', {}, ...tNodes('signUp.haveAccount', { link: el('a', { href: `#/login${suffix(route)}` }, t('signIn.button')) })),
    ));
    fields[0].input.focus();
}
