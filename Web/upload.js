// Uploading photos from the browser: the sheet (choose photos — on a phone, the camera or the photo library — or
// drop them on it), one row per file with its own progress bar, the server's reason for each file it refused, and
// each new photo at the top of the feed as soon as it is in (a `photo-uploaded` event). Uploads go through
// XMLHttpRequest: fetch cannot tell how much of a request body has been sent.

import { ApiError, NetworkError } from './api.js';
import { formatList, t } from './i18n.js';
import { editPhoto } from './photo-edit.js';
import { openSheet, problems } from './sheet.js';
import { el, icon, formatBytes, toast } from './ui.js';

/** What the picker offers: every image; HEIC and HEIF by name too, which some systems give no image type. */
const ACCEPT = 'image/*,.heic,.heif,.avif';
/** Files sent at once: a phone's uplink is better used by two than by ten, and the first ones finish sooner. */
const PARALLEL = 2;

/** Sends one file to POST /photos; `onProgress(fraction)` as its bytes go out; → the photo, or throws. */
function send(file, onProgress) {
    return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('POST', '/photos');
        request.setRequestHeader('Accept', 'application/json');
        request.upload.addEventListener('progress', (event) => {
            if (event.lengthComputable) onProgress(event.loaded / event.total);
        });
        request.addEventListener('load', () => {
            let data = null;
            try { data = JSON.parse(request.responseText); } catch { /* not JSON: a proxy's page, say */ }
            if (request.status >= 200 && request.status < 300 && data?.id) resolve(data);
            else reject(new ApiError(request.status, Array.isArray(data?.errors) ? data.errors : []));
        });
        request.addEventListener('error', () => reject(new NetworkError('The server did not answer.')));
        const body = new FormData();
        body.append('file', file, file.name);
        request.send(body);
    });
}

/** Why a file was not taken, in the server's words when it gave some. */
function refusal(error) {
    if (!error.errors?.length && error.status === 413) return t('upload.tooLarge');
    if (!error.errors?.length && error.status === 401) return t('upload.signedOut');
    return problems(error, 'upload.refused');
}

/** One file's row: thumbnail, name and size, progress, then what became of it; `onView()` when its photo is opened. */
function uploadRow(file, onView) {
    const preview = el('span.upload-thumb', {}, icon('photo'));
    // A local preview where the browser can draw the file (not HEIC in most): the icon stays otherwise.
    const url = URL.createObjectURL(file);
    const image = el('img', { src: url, alt: '', width: 48, height: 48, decoding: 'async' });
    image.addEventListener('load', () => preview.replaceChildren(image));
    image.addEventListener('error', () => URL.revokeObjectURL(url));
    const progress = el('progress', { max: 100, value: 0, 'aria-label': t('upload.progress', { file: file.name }) });
    const status = el('p.upload-status', { text: t('upload.waiting') });
    const actions = el('div.upload-actions');
    const node = el('li.upload-row', {}, preview,
        el('div.upload-main', {}, el('p.upload-name', {}, el('strong', { text: file.name }), el('span.muted', { text: formatBytes(file.size) })),
            progress, status, actions));
    return {
        node,
        started() { status.textContent = t('upload.uploading'); },
        progress(fraction) { progress.value = Math.round(fraction * 100); },
        done(photo) {
            node.classList.add('uploaded');
            progress.value = 100;
            status.textContent = t('upload.uploaded');
            actions.replaceChildren(
                el('a.button.secondary.small', { href: `#/photo/${encodeURIComponent(photo.id)}`, onclick: onView }, t('upload.view')),
                el('button.secondary.small', { type: 'button', onclick: () => editPhoto(photo) }, t('info.edit')));
        },
        failed(message) {
            node.classList.add('failed');
            progress.hidden = true;
            status.textContent = message;
        },
    };
}

let current = null;   // the sheet while it is open: {add(files)}

/** Opens the upload sheet (or brings files to the open one); `files` start uploading at once. */
export function openUpload(files = []) {
    if (current) {
        current.add(files);
        return;
    }
    const { dialog, body, close, closed } = openSheet(t('upload.button.title'), { className: 'upload' });
    const input = el('input.visually-hidden', { type: 'file', accept: ACCEPT, multiple: true, id: 'upload-files', tabindex: '-1', 'aria-label': t('upload.picker') });
    const choose = el('button.primary', { type: 'button', onclick: () => input.click() }, icon('photo'), t('upload.choose'));
    const zone = el('div.drop-zone', {},
        el('p.drop-hint', { text: t('upload.dragHere') }), choose, input,
        el('p.hint', { text: t('upload.formats', { formats: formatList(['JPEG', 'PNG', 'WebP', 'HEIC', 'AVIF'], 'disjunction') }) }));
    const summary = el('p.upload-summary', { role: 'status' });
    const rows = el('ul.upload-list', { 'aria-label': t('upload.files') });
    const done = el('button.secondary', { type: 'button', onclick: () => close('done') }, t('upload.done'));
    body.append(zone, summary, rows, el('div.form-actions', {}, done));

    const queue = [];
    const counts = { total: 0, uploaded: 0, failed: 0 };
    let running = 0;

    function paintSummary() {
        const left = counts.total - counts.uploaded - counts.failed;
        summary.textContent = [
            left ? t('upload.summary.progress', { current: counts.total - left + 1, count: counts.total }) : '',
            counts.uploaded ? t('upload.summary.uploaded', { count: counts.uploaded }) : '',
            counts.failed ? t('upload.summary.failed', { count: counts.failed }) : '',
        ].filter(Boolean).join(' ');
    }

    async function next() {
        while (running < PARALLEL && queue.length) {
            const { file, row } = queue.shift();
            running += 1;
            row.started();
            send(file, (fraction) => row.progress(fraction)).then((photo) => {
                counts.uploaded += 1;
                row.done(photo);
                document.dispatchEvent(new CustomEvent('photo-uploaded', { detail: { photo } }));
            }, (error) => {
                counts.failed += 1;
                row.failed(refusal(error));
            }).finally(() => {
                running -= 1;
                paintSummary();
                if (!dialog.isConnected && !running && !queue.length) {
                    toast(t('upload.summary.toast', { uploaded: counts.uploaded, count: counts.total }));
                }
                next();
            });
        }
    }

    function add(list) {
        for (const file of list) {
            const row = uploadRow(file, () => close('view'));
            rows.append(row.node);
            queue.push({ file, row });
            counts.total += 1;
        }
        paintSummary();
        next();
    }

    input.addEventListener('change', () => {
        add([...input.files]);
        input.value = '';
    });
    // Drops on the sheet are its own (app.js leaves a drop alone once something handled it).
    dialog.addEventListener('dragover', (event) => {
        if (!event.dataTransfer?.types.includes('Files')) return;
        event.preventDefault();
        zone.classList.add('over');
    });
    dialog.addEventListener('dragleave', () => zone.classList.remove('over'));
    dialog.addEventListener('drop', (event) => {
        zone.classList.remove('over');
        if (!event.dataTransfer?.files.length) return;
        event.preventDefault();
        add([...event.dataTransfer.files]);
    });

    current = { add };
    closed.then(() => { current = null; });
    choose.focus();
    add(files);
}
