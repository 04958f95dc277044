// A tiny BlurHash decoder (https://blurha.sh): a hash becomes a 16×16 PNG data URL, cached. Its 4×3 components
// are at most 1.5 waves across, so 16 samples a side, scaled smoothly by the browser, lose nothing visible, and a
// smaller data URL costs the browser less to read.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';
const cache = new Map();
let canvas;

function decode83(text) {
    let value = 0;
    for (const char of text) value = value * 83 + DIGITS.indexOf(char);
    return value;
}

const toLinear = (value) => {
    const v = value / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

// Linear light to sRGB through a table: a power per channel per pixel was most of a decode.
const SRGB_STEPS = 4096;
const srgbTable = new Uint8Array(SRGB_STEPS + 1);
for (let step = 0; step <= SRGB_STEPS; step++) {
    const v = step / SRGB_STEPS;
    srgbTable[step] = Math.round(v <= 0.0031308 ? v * 12.92 * 255 : (1.055 * v ** (1 / 2.4) - 0.055) * 255);
}
const toSRGB = (value) => srgbTable[Math.round(Math.max(0, Math.min(1, value)) * SRGB_STEPS)];

const signPow = (value, exp) => Math.sign(value) * Math.abs(value) ** exp;

/** RGBA pixels of a hash, or null when it is malformed. */
export function decode(hash, width, height) {
    if (!hash || hash.length < 6) return null;
    const size = decode83(hash[0]);
    const nx = (size % 9) + 1;
    const ny = Math.floor(size / 9) + 1;
    if (hash.length !== 4 + 2 * nx * ny) return null;
    const maxValue = (decode83(hash[1]) + 1) / 166;
    const colors = [];
    const dc = decode83(hash.slice(2, 6));
    colors.push([toLinear(dc >> 16), toLinear((dc >> 8) & 255), toLinear(dc & 255)]);
    for (let i = 1; i < nx * ny; i++) {
        const ac = decode83(hash.slice(4 + i * 2, 6 + i * 2));
        colors.push([
            signPow((Math.floor(ac / 361) - 9) / 9, 2) * maxValue,
            signPow((Math.floor(ac / 19) % 19 - 9) / 9, 2) * maxValue,
            signPow((ac % 19 - 9) / 9, 2) * maxValue,
        ]);
    }
    // The cosines depend on a pixel's column or row only: computed once per hash, not for every pixel (a card
    // built while scrolling decodes its placeholder in the frame, on a phone's slow core).
    const cosX = new Float64Array(width * nx);
    for (let x = 0; x < width; x++) for (let i = 0; i < nx; i++) cosX[x * nx + i] = Math.cos((Math.PI * x * i) / width);
    const cosY = new Float64Array(height * ny);
    for (let y = 0; y < height; y++) for (let j = 0; j < ny; j++) cosY[y * ny + j] = Math.cos((Math.PI * y * j) / height);
    const pixels = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
            let r = 0, g = 0, b = 0;
            for (let j = 0; j < ny; j++) {
                const cy = cosY[y * ny + j];
                for (let i = 0; i < nx; i++) {
                    const basis = cosX[x * nx + i] * cy;
                    const color = colors[i + j * nx];
                    r += color[0] * basis;
                    g += color[1] * basis;
                    b += color[2] * basis;
                }
            }
            const p = 4 * (x + y * width);
            pixels[p] = toSRGB(r);
            pixels[p + 1] = toSRGB(g);
            pixels[p + 2] = toSRGB(b);
            pixels[p + 3] = 255;
        }
    }
    return pixels;
}

const SIZE = 16;

/** A data URL for the hash (small: the browser scales it smoothly), or '' when it can't be decoded. */
export function blurHashURL(hash) {
    if (!hash) return '';
    if (cache.has(hash)) return cache.get(hash);
    let url = '';
    try {
        const pixels = decode(hash, SIZE, SIZE);
        if (pixels) {
            canvas ??= document.createElement('canvas');
            canvas.width = SIZE;
            canvas.height = SIZE;
            const context = canvas.getContext('2d');
            context.putImageData(new ImageData(pixels, SIZE, SIZE), 0, 0);
            url = canvas.toDataURL();
        }
    } catch {
        url = '';
    }
    if (cache.size > 500) cache.delete(cache.keys().next().value);
    cache.set(hash, url);
    return url;
}

/** The BlurHash URL each element shows: writing the same one again would make the browser read it again. */
const shownPlaceholders = new WeakMap();

/**
 * Background for a photo while it loads: its BlurHash over its colour, as an inline style (the browser keeps one
 * decoded image per data URL, however many elements show it; a shared style rule per hash instead changed the
 * style sheet for every card built while scrolling). `hash: false` paints the colour only, and takes away a
 * BlurHash left from the element's previous photo: the browser reads a data URL on the spot, ~0.5 ms of a slow
 * core's frame, so cards built while scrolling get theirs a moment later, with their photo's address.
 */
export function placeholderStyle(element, photo, { hash = true } = {}) {
    element.style.backgroundColor = photo.color || 'var(--surface-2)';
    const url = hash ? blurHashURL(photo.blur_hash) : '';
    if (shownPlaceholders.get(element) === url) return;
    element.style.backgroundImage = url ? `url("${url}")` : '';
    shownPlaceholders.set(element, url);
}
