// Uploading photos from the browser: the sheet (choose photos — on a phone, the camera or the photo library — or
// drop them on it), one row per file with its own progress bar, the server's reason for each file it refused, and
// each new photo at the top of the feed as soon as it is in (a `photo-uploaded` event). Uploads go through
// XMLHttpRequest: fetch cannot tell how much of a request body has been sent.

import { ApiError, NetworkError } from './api.js';
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
    if (!error.errors?.length && error.status === 413) return 'This file is larger than the server accepts.';
    if (!error.errors?.length && error.status === 401) return 'You were signed out. Sign in again to upload.';
    return problems(error, 'The server refused this file');
}

/** One file's row: thumbnail, name and size, progress, then what became of it; `onView()` when its photo is opened. */
function uploadRow(file, onView) {
    const preview = el('span.upload-thumb', {}, icon('photo'));
    // A local preview where the browser can draw the file (not HEIC in most): the icon stays otherwise.
    const url = URL.createObjectURL(file);
    const image = el('img', { src: url, alt: '', width: 48, height: 48, decoding: 'async' });
    image.addEventListener('load', () => preview.replaceChildren(image));
    image.addEventListener('error', () => URL.revokeObjectURL(url));
    const progress = el('progress', { max: 100, value: 0, 'aria-label': `Uploading ${file.name}` });
    const status = el('p.upload-status', { text: 'Waiting…' });
    const actions = el('div.upload-actions');
    const node = el('li.upload-row', {}, preview,
        el('div.upload-main', {}, el('p.upload-name', {}, el('strong', { text: file.name }), el('span.muted', { text: file.size < 1024 ? `${file.size} bytes` : formatBytes(file.size) })),
            progress, status, actions));
    return {
        node,
        started() { status.textContent = 'Uploading…'; },
        progress(fraction) { progress.value = Math.round(fraction * 100); },
        done(photo) {
            node.classList.add('uploaded');
            progress.value = 100;
            status.textContent = 'Uploaded';
            actions.replaceChildren(
                el('a.button.secondary.small', { href: `#/photo/${encodeURIComponent(photo.id)}`, onclick: onView }, 'View'),
                el('button.secondary.small', { type: 'button', onclick: () => editPhoto(photo) }, 'Edit details'));
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
    const { dialog, body, close, closed } = openSheet('Upload photos', { className: 'upload' });
    const input = el('input.visually-hidden', { type: 'file', accept: ACCEPT, multiple: true, id: 'upload-files', tabindex: '-1', 'aria-label': 'Photos to upload' });
    const choose = el('button.primary', { type: 'button', onclick: () => input.click() }, icon('photo'), 'Choose photos');
    const zone = el('div.drop-zone', {},
        el('p.drop-hint', { text: 'Drag photos here, or' }), choose, input,
        el('p.hint', { text: 'JPEG, PNG, WebP, HEIC or AVIF. They are added to the feed as soon as they are in.' }));
    const summary = el('p.upload-summary', { role: 'status' });
    const rows = el('ul.upload-list', { 'aria-label': 'Files' });
    const done = el('button.secondary', { type: 'button', onclick: () => close('done') }, 'Done');
    body.append(zone, summary, rows, el('div.form-actions', {}, done));

    const queue = [];
    const counts = { total: 0, uploaded: 0, failed: 0 };
    let running = 0;

    function paintSummary() {
        const left = counts.total - counts.uploaded - counts.failed;
        summary.textContent = [
            left ? `Uploading ${counts.total - left + 1} of ${counts.total}…` : '',
            counts.uploaded ? `${counts.uploaded} uploaded.` : '',
            counts.failed ? `${counts.failed} not uploaded.` : '',
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
                if (!dialog.isConnected && !running && !queue.length) toast(`${counts.uploaded} of ${counts.total} photos uploaded`);
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
