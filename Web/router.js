// Hash routing: `#/feed`, `#/following`, `#/t/TOPIC`, `#/search?query=…`, `#/photo/ID`, `#/user/NAME`,
// `#/collections/ID`, `#/signin?next=…`.

/** Where a launch opens, kept in this browser: 'feed' or 'near' (Profile's "Open on"); unset until first asked. */
export const OPEN_ON = 'imagefeed.open-on';

/** The current route: `{name, params: [...], query: URLSearchParams, path}`. */
export function current() {
    const raw = location.hash.replace(/^#/, '') || '/feed';
    const [path, search = ''] = raw.split('?');
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    return { name: parts[0] || 'feed', params: parts.slice(1), query: new URLSearchParams(search), path: raw };
}

/** Goes to a route, adding a history entry (or replacing the current one). */
export function go(path, { replace = false } = {}) {
    const hash = `#${path}`;
    if (location.hash === hash) return;
    if (replace) {
        history.replaceState(history.state, '', hash);
        window.dispatchEvent(new HashChangeEvent('hashchange'));
    } else {
        location.hash = hash;
    }
}

/** Calls `listener(route)` now and after every change. */
export function start(listener) {
    history.scrollRestoration = 'manual';
    window.addEventListener('hashchange', () => listener(current()));
    listener(current());
}
