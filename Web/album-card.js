// An album as a card (a person's page, album search): its cover, title, number of photos and whether it is private.

import { imageURL } from './api.js';
import { placeholderStyle } from './blurhash.js';
import { t } from './i18n.js';
import { el } from './ui.js';

/** The card of `album`, leading to the album. */
export function albumCard(album) {
    const cover = el('span.album-cover');
    if (album.cover_photo) {
        placeholderStyle(cover, album.cover_photo);
        cover.append(el('img', { src: imageURL(album.cover_photo, 600, 450), alt: '', loading: 'lazy', width: 600, height: 450 }));
    }
    return el('li', {}, el('a.album', { href: `#/collections/${encodeURIComponent(album.id)}` }, cover,
        el('span.album-title', {}, album.title, album.private ? el('span.badge', { text: t('album.private') }) : null),
        el('span.muted', { text: t('common.photoCount', { count: album.total_photos }) })));
}
