// A topic's page (`#/t/SLUG`, where the topic's links.html leads): the row of feeds and topics, the topic's title,
// description and number of photos, then a column of its photos. The last few topics visited keep their column,
// so going back to one finds it as it was left.

import { PhotoList, arrayPages, get, reason } from './api.js';
import { cardColumn, feedNav, slimPages } from './feed.js';
import { t } from './i18n.js';
import { el, icon } from './ui.js';

const KEPT = 5;

/** One topic's part of the page: `{node, show(), hide()}`; its column is made once the topic is known. */
function topicPage(slug) {
    const node = el('div.topic-page');
    const nav = feedNav(slug);
    let column = null;
    let active = false;

    function failed(error) {
        const missing = error.status === 404;
        node.replaceChildren(nav, el('div.empty', {}, icon(missing ? 'search' : 'offline', 'icon big'),
            el('h2', { text: missing ? t('topic.missing.title') : t('topic.loadFailed') }),
            el('p', { text: missing ? t('topic.missing.text') : reason(error) }),
            missing ? el('a.button.secondary', { href: '#/feed' }, t('topic.backToFeed'))
                : el('button.secondary', { type: 'button', onclick: load }, t('common.tryAgain'))));
    }

    async function load() {
        node.replaceChildren(nav, el('p.list-status.loading', { role: 'status', text: t('common.loading') }));
        let topic;
        try {
            topic = await get(`/topics/${encodeURIComponent(slug)}`);
        } catch (error) {
            failed(error);
            return;
        }
        const count = topic.total_photos;
        node.replaceChildren(nav, el('header.topic-head', {},
            el('h1', { text: topic.title }),
            topic.description ? el('p.muted', { text: topic.description }) : null,
            Number.isFinite(count) ? el('p.muted', { text: t('common.photoCount', { count }) }) : null));
        const list = new PhotoList(slimPages(arrayPages(`/topics/${encodeURIComponent(slug)}/photos`)), 20);
        column = cardColumn(node, list, 't', {
            empty: el('div.empty', {}, icon('photo', 'icon big'), el('h2', { text: t('topic.empty') }),
                el('p', {}, el('a', { href: '#/feed', text: t('common.browseFeed') }))),
        });
        if (active) column.show();
    }
    load();

    return {
        node,
        show() {
            active = true;
            node.hidden = false;
            column?.show();
        },
        hide() {
            active = false;
            node.hidden = true;
            column?.hide();
        },
    };
}

export function createTopicPage(section) {
    const pages = new Map();   // slug → its part, least recently shown first
    let shown = null;
    return {
        show(route) {
            const slug = route.params[0] || '';
            let page = pages.get(slug);
            if (page) {
                pages.delete(slug);
            } else {
                page = topicPage(slug);
                section.append(page.node);
            }
            pages.set(slug, page);
            if (shown !== page) shown?.hide();
            shown = page;
            page.show();
            if (pages.size > KEPT) {
                const [oldest, old] = pages.entries().next().value;
                pages.delete(oldest);
                old.hide();
                old.node.remove();
            }
        },
        hide() { shown?.hide(); },
    };
}
