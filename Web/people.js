// People: the Follow button, a person's counts (followers, following, and the views, downloads and likes of their
// photos), and a person as a search result.

import { request, get, reason, session, sessionReady } from './api.js';
import { t } from './i18n.js';
import { go } from './router.js';
import { el, avatar, displayName, formatCount, handle, showAlert } from './ui.js';

const sameName = (a, b) => (a || '').toLowerCase() === (b || '').toLowerCase();
const path = (user) => `/users/${encodeURIComponent(user.username)}`;

/** Whether `user` is the person signed in (who has no Follow button). */
export const isSignedIn = (user) => sameName(session.user?.username, user.username);

/** Sends someone not signed in to sign in, coming back here afterwards. */
function signIn() {
    go(`/signin?next=${encodeURIComponent(location.hash.slice(1))}`);
}

/**
 * Follow / Following for `user` (a full user: `followed_by_user`, `followers_count`), or null on one's own page.
 * Someone signed out is asked to sign in. `onChange(user)` runs with the person as the server now sees them; every
 * screen hears of it through a `user-followed` event.
 */
export function followButton(user, onChange) {
    if (isSignedIn(user)) return null;
    const button = el('button.follow', { type: 'button' });
    const paint = () => {
        const following = Boolean(user.followed_by_user);
        button.textContent = following ? t('follow.following') : t('follow.follow');
        button.className = `follow ${following ? 'secondary' : 'primary'}`;
        button.title = following ? t('follow.stopTitle', { name: displayName(user) }) : '';
    };
    paint();
    button.addEventListener('click', async () => {
        if (!session.user) await sessionReady;
        if (!session.user) {
            signIn();
            return;
        }
        if (button.getAttribute('aria-busy') === 'true') return;
        const wanted = !user.followed_by_user;
        for (;;) {
            button.setAttribute('aria-busy', 'true');
            try {
                const { data } = await request(wanted ? 'POST' : 'DELETE', `${path(user)}/follow`);
                Object.assign(user, data);
                paint();
                onChange?.(user);
                document.dispatchEvent(new CustomEvent('user-followed', { detail: { user } }));
                return;
            } catch (error) {
                if (error.status === 401) {
                    session.set(null);
                    signIn();
                    return;
                }
                const title = t(wanted ? 'follow.failed' : 'follow.stopFailed', { name: displayName(user) });
                if (await showAlert(title, reason(error), [t('common.tryAgain'), t('common.cancel')]) !== 0) return;
            } finally {
                button.removeAttribute('aria-busy');
            }
        }
    });
    return button;
}

/**
 * A person's counts, one cell each at a fixed size (numbers arriving move nothing): followers and following from
 * `user` (a full user), and — from GET /users/:username/statistics, asked for here — the views, downloads and
 * likes of their photos. Each cell is its number over its word, the word in the form the number asks for
 * (`counts.*`, plural forms with the number left out: "1 / follower", "3 / подписчика").
 */
export function personCounts(user) {
    const cell = (key) => {
        const number = el('strong', { text: '—' });
        const word = el('span', { text: t(key, { count: 0 }) });
        return { node: el('li', {}, number, word), number, word, key };
    };
    const cells = {
        followers: cell('counts.followers'), following: cell('counts.following'),
        views: cell('counts.views'), downloads: cell('counts.downloads'), likes: cell('counts.likes'),
    };
    const paint = (name, count) => {
        const { number, word, key } = cells[name];
        number.textContent = formatCount(count);
        if (Number.isFinite(count)) word.textContent = t(key, { count });
    };
    const update = (person) => {
        paint('followers', person.followers_count);
        paint('following', person.following_count);
    };
    update(user);
    get(`${path(user)}/statistics?quantity=1`).then((statistics) => {
        paint('views', statistics.views?.total);
        paint('downloads', statistics.downloads?.total);
        paint('likes', statistics.likes?.total);
    }, () => {});
    const node = el('ul.person-counts', { 'aria-label': t('counts.label') }, Object.values(cells).map((item) => item.node));
    return { node, update };
}

/** A person found by search: picture, name and @username, leading to their page. */
export function personItem(user) {
    return el('li', {}, el('a.person-item', { href: `#/user/${encodeURIComponent(user.username)}` }, avatar(user, 48, 'avatar'),
        el('span', {}, el('strong', { text: displayName(user) }), el('span.muted', { text: handle(user.username) }))));
}
