// A windowed grid over a PhotoList: only rows near the viewport are in the DOM; the container keeps the full
// height, so the page never jumps and the DOM stays small however far one scrolls. While scrolling, one piece of
// work per frame, those on screen first: styling, laying out and painting a card costs the browser several times
// the script that builds it, and a phone has ~50 ms a frame for all of it — so a long fling never turns into one
// long task. A grid built with `defer` splits a card in two such pieces (see `buildRow`).

export class VirtualGrid {
    /**
     * `columns(width)` → count; `itemHeight(photo, columnWidth)` → px (rows take their tallest item);
     * `render(photo, index, reuse)` → element, filling `reuse` (a cell of this grid no longer shown) when given;
     * `onNearEnd()` runs when the 5th-from-last item comes into the window, or when less than `prefetch` viewports
     * of photos are left below the screen — once per page loaded, never for an empty list.
     * `firstScreenFirst`: the first rows on screen get the network to themselves — rows off screen (and their
     * photos) wait until the photos on screen have loaded (3 s at most).
     * `defer`: a row built while scrolling shows its cells' details a frame after the cells themselves.
     */
    constructor(container, list, { columns, itemHeight, render, gap = 0, onNearEnd, prefetch = 3, firstScreenFirst = false,
        defer = false }) {
        Object.assign(this, { container, list, columns, itemHeight, render, gap, onNearEnd, prefetch, defer });
        this.deferred = new Set();   // rows whose cells still carry `later`
        this.firstScreen = firstScreenFirst ? 'pending' : 'done';
        this.rows = new Map();
        this.spare = [];
        this.offsets = [0];
        this.active = false;
        this.width = 0;
        this.laidOut = 0;
        this.nearEndKey = null;
        this.container.classList.add('vgrid');
        this.scheduled = false;
        this.update = this.update.bind(this);
        this.schedule = this.schedule.bind(this);
        list.onChange(() => {
            if (this.active) this.layout(true);
            else this.width = 0;
            this.schedule();
        });
        window.addEventListener('scroll', this.schedule, { passive: true });
        window.addEventListener('resize', () => { this.width = 0; this.schedule(); });
    }

    /** Lays out and renders while shown; a hidden grid does nothing. */
    setActive(active) {
        this.active = active;
        if (active) {
            this.width = 0;
            this.update();
        }
    }

    schedule() {
        if (!this.active || this.scheduled) return;
        this.scheduled = true;
        requestAnimationFrame(() => { this.scheduled = false; this.update(); });
    }

    /** Computes row offsets; after an append (same width, more items) only the new rows are redone. */
    layout(appendOnly = false) {
        const width = this.container.clientWidth;
        if (!width) return false;
        const items = this.list.items;
        const appended = appendOnly && width === this.width && items.length >= this.laidOut
            && this.firstID === items[0]?.id;
        this.width = width;
        this.cols = this.columns(width);
        this.columnWidth = (width - this.gap * (this.cols - 1)) / this.cols;
        const rowCount = Math.ceil(items.length / this.cols);
        const keep = appended ? Math.floor(this.laidOut / this.cols) : 0;
        this.offsets.length = keep + 1;
        this.laidOut = items.length;
        this.firstID = items[0]?.id;
        for (let row = keep; row < rowCount; row++) {
            let height = 0;
            for (let i = row * this.cols; i < Math.min(items.length, (row + 1) * this.cols); i++) {
                height = Math.max(height, this.itemHeight(items[i], this.columnWidth));
            }
            this.offsets[row + 1] = this.offsets[row] + height + this.gap;
        }
        this.container.style.height = `${Math.max(0, this.offsets[rowCount] - this.gap)}px`;
        if (!appended) this.fresh = true;
        for (const [index, row] of this.rows) {
            if (index >= keep) this.retire(index, row);
        }
        return true;
    }

    rowAt(y) {
        let low = 0;
        let high = this.offsets.length - 2;
        while (low < high) {
            const mid = (low + high + 1) >> 1;
            if (this.offsets[mid] <= y) low = mid; else high = mid - 1;
        }
        return Math.max(0, low);
    }

    /**
     * Takes a row off the page and keeps its cells to fill again: refilling a card costs the browser far less
     * than styling and laying out a new one, and leaves no garbage. Cells busy liking or showing a failed photo
     * are let go.
     */
    retire(index, row) {
        row.remove();
        this.rows.delete(index);
        if (this.deferred.delete(index)) this.reveal(row);
        for (const cell of row.children) {
            if (this.spare.length < 24 && !cell.querySelector('.broken, [aria-busy="true"]')) this.spare.push(cell);
        }
    }

    /**
     * Builds a row. `later`: its cells carry the `later` class until `reveal`, which the stylesheet uses to leave
     * their details (a card's header and footer, say) unrendered meanwhile — half the card's cost in each frame.
     */
    buildRow(index, later = false) {
        const items = this.list.items;
        const row = document.createElement('div');
        row.className = 'vrow';
        row.style.cssText = `transform:translateY(${this.offsets[index]}px);height:${this.offsets[index + 1] - this.offsets[index] - this.gap}px;`
            + `grid-template-columns:repeat(${this.cols},1fr);column-gap:${this.gap}px`;
        for (let i = index * this.cols; i < Math.min(items.length, (index + 1) * this.cols); i++) {
            const cell = this.render(items[i], i, this.spare.pop() ?? null);
            cell.dataset.index = i;
            if (later) cell.classList.add('later');
            row.append(cell);
        }
        if (later) this.deferred.add(index);
        this.rows.set(index, row);
        this.container.append(row);
    }

    reveal(row) {
        for (const cell of row.children) cell.classList.remove('later');
    }

    /** Whether a row in the window still needs building or revealing. */
    needsWork(index) {
        return !this.rows.has(index) || this.deferred.has(index);
    }

    /** One piece of work on a row: builds it (its details deferred when the grid defers), or shows its details. */
    work(index) {
        if (!this.rows.has(index)) {
            this.buildRow(index, this.defer);
        } else {
            this.deferred.delete(index);
            this.reveal(this.rows.get(index));
        }
    }

    update() {
        if (!this.active) return;
        if (this.container.clientWidth !== this.width && !this.layout()) return;
        const rowCount = this.offsets.length - 1;
        const top = this.container.getBoundingClientRect().top;
        const viewport = window.innerHeight;
        const shownFirst = rowCount ? this.rowAt(-top) : 0;
        const shownLast = rowCount ? Math.min(rowCount - 1, this.rowAt(-top + viewport)) : -1;
        const holding = this.firstScreen !== 'done';
        const first = holding ? shownFirst : rowCount ? this.rowAt(-top - viewport) : 0;
        const last = holding ? shownLast : rowCount ? Math.min(rowCount - 1, this.rowAt(-top + viewport * 2)) : -1;
        let retired = 0;
        for (const [index, row] of this.rows) {
            if (index < first || index > last) {
                this.retire(index, row);
                retired += 1;
            }
        }
        // On screen first, then below, then above.
        const order = [];
        for (let index = shownFirst; index <= shownLast; index++) order.push(index);
        for (let index = shownLast + 1; index <= last; index++) order.push(index);
        for (let index = shownFirst - 1; index >= first; index--) order.push(index);
        if (this.fresh) {
            // A screen shown or laid out anew comes whole, at once; the rows off screen follow, one per frame.
            for (let index = shownFirst; index <= shownLast; index++) {
                if (!this.rows.has(index)) this.buildRow(index);
                else if (this.deferred.delete(index)) this.reveal(this.rows.get(index));
            }
        } else if (!retired) {
            // While scrolling, one piece per frame — none in a frame that just took rows away (it repaints what the
            // scroll uncovered). The photos on screen come before the details of any of them.
            const index = order.find((row) => row <= shownLast && row >= shownFirst && !this.rows.has(row))
                ?? order.find((row) => this.needsWork(row));
            if (index !== undefined) this.work(index);
        }
        this.fresh = false;
        if (order.some((row) => this.needsWork(row))) this.schedule();
        if (this.firstScreen === 'pending' && this.rows.size) this.waitForFirstScreen();
        this.checkNearEnd(last, -top + viewport, viewport);
    }

    waitForFirstScreen() {
        this.firstScreen = 'waiting';
        const images = [...this.container.querySelectorAll('.vrow img')].filter((image) => !image.complete);
        const settled = images.map((image) => new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
        }));
        const done = () => {
            if (this.firstScreen === 'done') return;
            this.firstScreen = 'done';
            this.schedule();
        };
        Promise.all(settled).then(done);
        setTimeout(done, 3000);
    }

    /** Asks for the next page once per page loaded, when the end comes near (see the constructor). */
    checkNearEnd(lastRow, screenBottom, viewport) {
        const items = this.list.items;
        if (!items.length || this.list.done) return;   // the first page is the view's to ask for
        const rowCount = this.offsets.length - 1;
        const watchedRow = Math.floor(Math.max(0, items.length - 5) / (this.cols || 1));
        const left = this.offsets[rowCount] - screenBottom;
        if (!(lastRow >= watchedRow || left < this.prefetch * viewport)) return;
        const key = `${this.list.page}:${items.length}`;
        if (key === this.nearEndKey) return;
        this.nearEndKey = key;
        setTimeout(() => this.onNearEnd?.(), 0);   // not in this frame: asking the network costs time too
    }

    /** The rendered cells of a photo (to refresh its like state in place). */
    cellsFor(photoID) {
        return this.container.querySelectorAll(`[data-photo-id="${CSS.escape(photoID)}"]`);
    }
}
