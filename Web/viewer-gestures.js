// The viewer's zoom and gestures: the photo fitted to the stage, zoom by wheel, pinch, double-click or double-tap
// (around the point under the pointer), pan while zoomed, and swipes, which it reports without acting on them.

const MAX_SCALE = 5;
const KEY_STEP = 1.5;

/**
 * Zoom and gestures over `stage`, moving `frame` (the photo's box). `size()` → the shown photo's `{width, height}`,
 * or null; `onScale(scale)` after every change, to paint the controls; `onSwipe(direction)` for a sideways swipe
 * (1: next, -1: previous); `onSwipeDown()` for a downward one.
 */
export function createGestures(stage, frame, { size, onScale, onSwipe, onSwipeDown }) {
    let scale = 1, tx = 0, ty = 0, fitted = { width: 0, height: 0 };

    /** Sizes the frame to the largest box of the photo's shape that fits the stage. */
    function fit() {
        const photo = size();
        if (!photo) return;
        const width = stage.clientWidth, height = stage.clientHeight;
        const ratio = Math.min(width / photo.width, height / photo.height);
        fitted = { width: Math.round(photo.width * ratio), height: Math.round(photo.height * ratio) };
        frame.style.width = `${fitted.width}px`;
        frame.style.height = `${fitted.height}px`;
        apply();
    }

    function clamp() {
        const limitX = Math.max(0, (fitted.width * scale - stage.clientWidth) / 2);
        const limitY = Math.max(0, (fitted.height * scale - stage.clientHeight) / 2);
        tx = Math.min(limitX, Math.max(-limitX, tx));
        ty = Math.min(limitY, Math.max(-limitY, ty));
    }

    function apply(animate = false) {
        clamp();
        frame.classList.toggle('animate', animate);
        frame.style.transform = `translate(${tx}px, ${ty}px) scale(${scale})`;
        onScale(scale);
    }

    /** Zooms to `next` keeping the point under (clientX, clientY) still. */
    function zoomAt(next, clientX, clientY, animate = false) {
        next = Math.min(MAX_SCALE, Math.max(1, next));
        const box = stage.getBoundingClientRect();
        const px = clientX - (box.left + box.width / 2);
        const py = clientY - (box.top + box.height / 2);
        tx = px - ((px - tx) * next) / scale;
        ty = py - ((py - ty) * next) / scale;
        scale = next;
        if (scale === 1) { tx = 0; ty = 0; }
        apply(animate);
    }

    function centre() {
        const box = stage.getBoundingClientRect();
        return [box.left + box.width / 2, box.top + box.height / 2];
    }

    /** Between fitted and 2.5×, around the point given (the stage's centre without one). */
    function toggle(clientX, clientY) {
        const [x, y] = centre();
        zoomAt(scale > 1.01 ? 1 : 2.5, clientX ?? x, clientY ?? y, true);
    }

    stage.addEventListener('wheel', (event) => {
        event.preventDefault();
        const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.0025));
        zoomAt(scale * factor, event.clientX, event.clientY);
    }, { passive: false });

    // A double-tap also fires dblclick on touch screens: the tap already zoomed, so that dblclick is ignored.
    let lastTouchToggle = 0;
    stage.addEventListener('dblclick', (event) => {
        if (Date.now() - lastTouchToggle < 600) return;
        toggle(event.clientX, event.clientY);
    });

    const pointers = new Map();
    let gesture = null;
    let lastTap = { time: 0, x: 0, y: 0 };

    stage.addEventListener('pointerdown', (event) => {
        stage.setPointerCapture(event.pointerId);
        pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (pointers.size === 2) {
            const [a, b] = [...pointers.values()];
            gesture = { kind: 'pinch', distance: Math.hypot(a.x - b.x, a.y - b.y), scale };
        } else if (pointers.size === 1) {
            gesture = { kind: scale > 1.01 ? 'pan' : 'swipe', x: event.clientX, y: event.clientY, tx, ty, moved: false };
        }
    });

    stage.addEventListener('pointermove', (event) => {
        if (!pointers.has(event.pointerId) || !gesture) return;
        pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (gesture.kind === 'pinch' && pointers.size === 2) {
            const [a, b] = [...pointers.values()];
            const distance = Math.hypot(a.x - b.x, a.y - b.y);
            zoomAt(gesture.scale * (distance / gesture.distance), (a.x + b.x) / 2, (a.y + b.y) / 2);
            return;
        }
        const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
        if (Math.hypot(dx, dy) > 6) gesture.moved = true;
        if (gesture.kind === 'pan') {
            tx = gesture.tx + dx;
            ty = gesture.ty + dy;
            apply();
        } else if (gesture.kind === 'swipe' && Math.abs(dx) > Math.abs(dy)) {
            frame.style.transform = `translateX(${dx}px)`;
        }
    });

    function endPointer(event) {
        if (!pointers.has(event.pointerId)) return;
        pointers.delete(event.pointerId);
        if (!gesture) return;
        if (gesture.kind === 'pinch') {
            if (pointers.size === 0) gesture = null;
            else gesture = { kind: 'pan', x: [...pointers.values()][0].x, y: [...pointers.values()][0].y, tx, ty, moved: true };
            return;
        }
        const dx = event.clientX - gesture.x, dy = event.clientY - gesture.y;
        if (gesture.kind === 'swipe') {
            apply(true);
            if (Math.abs(dx) > 60 && Math.abs(dx) > Math.abs(dy) * 1.2) onSwipe(dx < 0 ? 1 : -1);
            else if (dy > 120 && Math.abs(dy) > Math.abs(dx) * 1.5) onSwipeDown();
        }
        if (!gesture.moved && event.pointerType !== 'mouse') {
            const now = Date.now();
            if (now - lastTap.time < 320 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 40) {
                lastTouchToggle = now;
                toggle(event.clientX, event.clientY);
                lastTap.time = 0;
            } else {
                lastTap = { time: now, x: event.clientX, y: event.clientY };
            }
        }
        gesture = null;
    }
    stage.addEventListener('pointerup', endPointer);
    stage.addEventListener('pointercancel', endPointer);

    return {
        fit,
        toggle,
        /** Back to fitted, unzoomed and centred (for a new photo). */
        reset() { scale = 1; tx = 0; ty = 0; apply(); },
        /** One step in (1) or out (-1) around the stage's centre: the keyboard's + and −. */
        zoomStep(direction) { zoomAt(direction > 0 ? scale * KEY_STEP : scale / KEY_STEP, ...centre()); },
    };
}
