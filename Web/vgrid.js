// A windowed grid over a PhotoList: only rows near the viewport are in the DOM; the container keeps the full
// height, so the page never jumps and the DOM stays small however far one scrolls.

export class VirtualGrid {
    /**
     * `columns(width)` → count; `itemHeight(photo, columnWidth)` → px (rows take their tallest item);
     * `render(photo, index)` → element; `onNearEnd()` runs when the 5th-from-last item comes into view.
     */
    constructor(container, list, { columns, itemHeight, render, gap = 0, onNearEnd }) {
        Object.assign(this, { container, list, columns, itemHeight, render, gap, onNearEnd });
        this.rows = new Map();
        this.offsets = [0];
        this.active = false;
        this.width = 0;
        this.container.classList.add('vgrid');
        this.observer = new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) this.onNearEnd?.();
        });
        this.scheduled = false;
        this.update = this.update.bind(this);
        this.schedule = this.schedule.bind(this);
        this.laidOut = 0;
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
        for (const [index, row] of this.rows) {
            if (index >= keep) {
                row.remove();
                this.rows.delete(index);
            }
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

    update() {
        if (!this.active) return;
        if (this.container.clientWidth !== this.width && !this.layout()) return;
        const rowCount = this.offsets.length - 1;
        const top = this.container.getBoundingClientRect().top;
        const viewport = window.innerHeight;
        const first = rowCount ? this.rowAt(-top - viewport) : 0;
        const last = rowCount ? this.rowAt(-top + viewport * 2) : -1;
        for (const [index, row] of this.rows) {
            if (index < first || index > last) {
                row.remove();
                this.rows.delete(index);
            }
        }
        const items = this.list.items;
        const watched = Math.max(0, items.length - 5);
        for (let index = first; index <= last && index < rowCount; index++) {
            if (this.rows.has(index)) continue;
            const row = document.createElement('div');
            row.className = 'vrow';
            row.style.transform = `translateY(${this.offsets[index]}px)`;
            row.style.height = `${this.offsets[index + 1] - this.offsets[index] - this.gap}px`;
            row.style.gridTemplateColumns = `repeat(${this.cols}, 1fr)`;
            row.style.columnGap = `${this.gap}px`;
            for (let i = index * this.cols; i < Math.min(items.length, (index + 1) * this.cols); i++) {
                const cell = this.render(items[i], i);
                cell.dataset.index = i;
                row.append(cell);
            }
            this.rows.set(index, row);
            this.container.append(row);
        }
        // The 5th-from-last item and everything after it: a long jump past it still asks for more.
        const tail = [...this.container.querySelectorAll(':scope > .vrow > [data-index]')]
            .filter((cell) => Number(cell.dataset.index) >= watched);
        const key = tail.map((cell) => cell.dataset.index).join(',');
        if (key !== this.watchKey || tail.some((cell) => !this.watched?.has(cell))) {
            this.watchKey = key;
            this.watched = new Set(tail);
            this.observer.disconnect();
            for (const cell of tail) this.observer.observe(cell);
        }
    }

    /** The rendered cells of a photo (to refresh its like state in place). */
    cellsFor(photoID) {
        return this.container.querySelectorAll(`[data-photo-id="${CSS.escape(photoID)}"]`);
    }
}
