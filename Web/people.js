// People: the Follow button, a person's counts (followers, following, and the views, downloads and likes of their
// photos), and a person as a search result.

import { request, get, reason, session, sessionReady } from './api.js';
import { go } from './router.js';
import { el, avatar, displayName, formatCount, showAlert } from './ui.js';

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
        button.textContent = following ? 'Following' : 'Follow';
        button.className = `follow ${following ? 'secondary' : 'primary'}`;
        button.title = following ? `Stop following ${displayName(user)}` : '';
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
                const title = wanted ? `Could not follow ${displayName(user)}` : `Could not stop following ${displayName(user)}`;
                if (await showAlert(title, reason(error), ['Try again', 'Cancel']) !== 0) return;
            } finally {
                button.removeAttribute('aria-busy');
            }
        }
    });
    return button;
}

const plural = (count, word) => `${word}${count === 1 ? '' : 's'}`;

/**
 * A person's counts, one cell each at a fixed size (numbers arriving move nothing): followers and following from
 * `user` (a full user), and — from GET /users/:username/statistics, asked for here — the views, downloads and
 * likes of their photos. `update(user)` repaints the follow counts.
 */
export function personCounts(user) {
    const cell = (label) => {
        const number = el('strong', { text: '—' });
        const word = el('span', { text: label });
        return { node: el('li', {}, number, word), number, word };
    };
    const cells = {
        followers: cell('followers'), following: cell('following'),
        views: cell('views'), downloads: cell('downloads'), likes: cell('likes'),
    };
    const paint = (key, count, word) => {
        cells[key].number.textContent = formatCount(count);
        if (word && Number.isFinite(count)) cells[key].word.textContent = plural(count, word);
    };
    const update = (person) => {
        paint('followers', person.followers_count, 'follower');
        paint('following', person.following_count);
    };
    update(user);
    get(`${path(user)}/statistics?quantity=1`).then((statistics) => {
        paint('views', statistics.views?.total, 'view');
        paint('downloads', statistics.downloads?.total, 'download');
        paint('likes', statistics.likes?.total, 'like');
    }, () => {});
    const node = el('ul.person-counts', { 'aria-label': 'Counts' }, Object.values(cells).map((item) => item.node));
    return { node, update };
}

/** A person found by search: picture, name and @username, leading to their page. */
export function personItem(user) {
    return el('li', {}, el('a.person-item', { href: `#/user/${encodeURIComponent(user.username)}` }, avatar(user, 48, 'avatar'),
        el('span', {}, el('strong', { text: displayName(user) }), el('span.muted', { text: `@${user.username}` }))));
}
