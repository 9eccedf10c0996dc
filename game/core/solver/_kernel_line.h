/* The exact line solvers: the colour domain programme (line_domains, black and white its
 * one-colour case) and the bit-parallel word solver of line.forced_cells (forced_word). Pure
 * functions of their arguments: no state, no cache. */
#ifndef HANJIE_KERNEL_LINE_H
#define HANJIE_KERNEL_LINE_H

#include "_kernel_common.h"

/* Narrow a line's domains to the values some placement of the runs gives each cell.
 *
 * n cells with domains dom[0..n); k runs of lengths len[j] >= 1 and colours col[j] in 1..63.
 * out[p] receives the union over all placements of the value cell p takes (a subset of
 * dom[p]). Returns 1 when some placement fits, 0 when none does (out is then undefined),
 * -1 when memory ran out.
 *
 * fwd[j][p]: runs 0..j-1 fit in cells [0, p) and p is free for run j (a gap the next run
 *            of the same colour needs is counted in);
 * bwd[j][p]: runs j..k-1 fit in cells [p, n).
 */
static int
line_domains(Py_ssize_t n, Py_ssize_t k, const long *len, const int *col, const domain_t *dom,
             domain_t *out)
{
    Py_ssize_t stride = n + 1;
    size_t table = (size_t)(k + 1) * (size_t)stride;
    /* One block: the two Py_ssize_t arrays first, where the block's own alignment holds for
     * them (a byte table first left them at an odd offset: undefined behaviour), then the
     * two byte tables. */
    Py_ssize_t small[512];
    Py_ssize_t *memory;
    size_t words = 2 * (size_t)stride;
    size_t need = words * sizeof(Py_ssize_t) + 2 * table;
    if (need <= sizeof(small)) {
        memory = small;
    }
    else {
        memory = (Py_ssize_t *)malloc(need);
        if (memory == NULL)
            return -1;
    }
    /* bad[p]: cells in [0, p) that cannot take the current colour (a window [s, s + L) fits
     * when bad[s + L] == bad[s]); cover[p]: a difference array of one run's coverage. */
    Py_ssize_t *bad = memory;
    Py_ssize_t *cover = bad + stride;
    unsigned char *fwd = (unsigned char *)(memory + words);
    unsigned char *bwd = fwd + table;
    int bad_colour = -1;
    memset(fwd, 0, 2 * table);
    int result = 0;

#define FWD(j, p) fwd[(size_t)(j) * (size_t)stride + (size_t)(p)]
#define BWD(j, p) bwd[(size_t)(j) * (size_t)stride + (size_t)(p)]
#define GAP(j) ((j) + 1 < k && col[(j) + 1] == col[(j)])
#define LOAD_BAD(c)                                                                         \
    do {                                                                                    \
        if (bad_colour != (c)) {                                                            \
            domain_t bit_ = (domain_t)1 << (c);                                             \
            bad[0] = 0;                                                                     \
            for (Py_ssize_t q_ = 0; q_ < n; q_++)                                           \
                bad[q_ + 1] = bad[q_] + ((dom[q_] & bit_) == 0);                            \
            bad_colour = (c);                                                               \
        }                                                                                   \
    } while (0)

    /* Forward. */
    FWD(0, 0) = 1;
    for (Py_ssize_t j = 0; j <= k; j++) {
        if (j < k)
            LOAD_BAD(col[j]);
        Py_ssize_t length = j < k ? (Py_ssize_t)len[j] : 0;
        int gap = j < k ? GAP(j) : 0;
        for (Py_ssize_t p = 0; p <= n; p++) {
            if (!FWD(j, p))
                continue;
            if (p < n && (dom[p] & BACKGROUND))
                FWD(j, p + 1) = 1;
            if (j < k) {
                Py_ssize_t end = p + length;
                if (end + gap <= n && bad[end] == bad[p] && (!gap || (dom[end] & BACKGROUND)))
                    FWD(j + 1, end + gap) = 1;
            }
        }
    }
    if (!FWD(k, n))
        goto done;

    /* Backward. */
    BWD(k, n) = 1;
    for (Py_ssize_t p = n - 1; p >= 0; p--)
        BWD(k, p) = (dom[p] & BACKGROUND) && BWD(k, p + 1);
    for (Py_ssize_t j = k - 1; j >= 0; j--) {
        LOAD_BAD(col[j]);
        Py_ssize_t length = (Py_ssize_t)len[j];
        int gap = GAP(j);
        for (Py_ssize_t p = n; p >= 0; p--) {
            int ok = 0;
            if (p < n && (dom[p] & BACKGROUND) && BWD(j, p + 1))
                ok = 1;
            else {
                Py_ssize_t end = p + length;
                if (end + gap <= n && bad[end] == bad[p] && (!gap || (dom[end] & BACKGROUND)) &&
                    BWD(j + 1, end + gap))
                    ok = 1;
            }
            BWD(j, p) = (unsigned char)ok;
        }
    }

    /* What each cell can be. */
    for (Py_ssize_t p = 0; p < n; p++) {
        out[p] = 0;
        if (dom[p] & BACKGROUND) {
            for (Py_ssize_t j = 0; j <= k; j++) {
                if (FWD(j, p) && BWD(j, p + 1)) {
                    out[p] = BACKGROUND;
                    break;
                }
            }
        }
    }
    for (Py_ssize_t j = 0; j < k; j++) {
        LOAD_BAD(col[j]);
        Py_ssize_t length = (Py_ssize_t)len[j];
        int gap = GAP(j);
        int any = 0;
        memset(cover, 0, (size_t)stride * sizeof(Py_ssize_t));
        for (Py_ssize_t s = 0; s + length + gap <= n; s++) {
            Py_ssize_t end = s + length;
            if (FWD(j, s) && bad[end] == bad[s] && (!gap || (dom[end] & BACKGROUND)) &&
                BWD(j + 1, end + gap)) {
                cover[s] += 1;
                cover[end] -= 1;
                if (gap)
                    out[end] |= BACKGROUND;
                any = 1;
            }
        }
        if (any) {
            domain_t bit = (domain_t)1 << col[j];
            Py_ssize_t depth = 0;
            for (Py_ssize_t p = 0; p < n; p++) {
                depth += cover[p];
                if (depth)
                    out[p] |= bit;
            }
        }
    }
    result = 1;
done:
    if (memory != small)
        free(memory);
    return result;
#undef FWD
#undef BWD
#undef GAP
#undef LOAD_BAD
}

/* A clue tuple -> run lengths (all >= 1). Returns k, or -1 with an exception set. */
static Py_ssize_t
read_clue(PyObject *clue, long **lengths, long *small, Py_ssize_t small_size)
{
    PyObject *seq = PySequence_Fast(clue, "the clue must be a sequence of run lengths");
    if (seq == NULL)
        return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    long *runs = small;
    if (k > small_size) {
        runs = (long *)PyMem_Malloc((size_t)k * sizeof(long));
        if (runs == NULL) {
            Py_DECREF(seq);
            PyErr_NoMemory();
            return -1;
        }
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t j = 0; j < k; j++) {
        long value = PyLong_AsLong(items[j]);
        if (value == -1 && PyErr_Occurred()) {
            goto fail;
        }
        if (value < 1) {
            PyErr_SetString(PyExc_ValueError, "run lengths must be at least 1");
            goto fail;
        }
        runs[j] = value;
    }
    Py_DECREF(seq);
    *lengths = runs;
    return k;
fail:
    if (runs != small)
        PyMem_Free(runs);
    Py_DECREF(seq);
    return -1;
}



static uint64_t
word_windows(uint64_t allowed, long length)
{
    uint64_t result = allowed;
    long covered = 1;
    while (covered < length) {
        long step = covered < length - covered ? covered : length - covered;
        result &= result >> step;
        covered += step;
    }
    return result;
}

static uint64_t
word_spread(uint64_t starts, long length)
{
    uint64_t result = starts;
    long covered = 1;
    while (covered < length) {
        long step = covered < length - covered ? covered : length - covered;
        result |= result << step;
        covered += step;
    }
    return result;
}

/* The lowest ``width`` bits of ``value`` (1 <= width <= 64) in reverse order: halves, then
 * quarters... of the word swapped, six steps whatever the width (a loop over the bits was
 * 60 % of forced_word's time). */
static inline uint64_t
reverse_bits(uint64_t value, int width)
{
    value = ((value >> 1) & 0x5555555555555555ull) | ((value & 0x5555555555555555ull) << 1);
    value = ((value >> 2) & 0x3333333333333333ull) | ((value & 0x3333333333333333ull) << 2);
    value = ((value >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((value & 0x0F0F0F0F0F0F0F0Full) << 4);
    value = ((value >> 8) & 0x00FF00FF00FF00FFull) | ((value & 0x00FF00FF00FF00FFull) << 8);
    value = ((value >> 16) & 0x0000FFFF0000FFFFull) | ((value & 0x0000FFFF0000FFFFull) << 16);
    value = (value >> 32) | (value << 32);
    return value >> (64 - width);
}

/* The forward sweep: reach[0..k] (reach has k + 1 words); 0 when the runs do not fit. */
static int
word_sweep(const long *runs, Py_ssize_t k, int backwards, uint64_t can_fill, uint64_t can_empty,
           int n, uint64_t *reach)
{
    uint64_t current = ((can_empty + (1 & can_empty)) ^ can_empty) | 1;
    reach[0] = current;
    for (Py_ssize_t j = 0; j < k; j++) {
        long run = runs[backwards ? k - 1 - j : j];
        if (run > n)
            return 0;
        uint64_t starts = current & word_windows(can_fill, run) & (can_empty >> run);
        if (!starts)
            return 0;
        uint64_t after = starts << (run + 1);
        current = ((can_empty + (after & can_empty)) ^ can_empty) | after;
        reach[j + 1] = current;
    }
    return (int)((current >> (n + 1)) & 1);
}

/* The masks of a word line's filled cells (code 1) and empty cells (code 2), bit p for cell
 * p (n <= 64): eight cells at a time, each byte's low bit (filled) and next bit (empty)
 * gathered into a byte by one multiplication. The codes are 0, 1 and 2 only. */
static inline void
line_masks(const unsigned char *line, int n, uint64_t *filled, uint64_t *empty)
{
    const uint64_t low = 0x0101010101010101ull, gather = 0x0102040810204080ull;
    uint64_t f = 0, e = 0;
    int p = 0;
    for (; p + 8 <= n; p += 8) {
        const unsigned char *b = line + p;
        uint64_t chunk = (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 |
                         (uint64_t)b[3] << 24 | (uint64_t)b[4] << 32 | (uint64_t)b[5] << 40 |
                         (uint64_t)b[6] << 48 | (uint64_t)b[7] << 56;
        f |= (((chunk & low) * gather) >> 56) << p;
        e |= ((((chunk >> 1) & low) * gather) >> 56) << p;
    }
    for (; p < n; p++) {
        f |= (uint64_t)(line[p] == 1) << p;
        e |= (uint64_t)(line[p] == 2) << p;
    }
    *filled = f;
    *empty = e;
}

/* line.forced_cells on a word line given as its masks (filled, empty; n <= WORD_LINE,
 * k <= SMALL_RUNS): 1 and the forced cells' masks, or 0 when the runs do not fit. */
static int
forced_masks(const long *runs, Py_ssize_t k, uint64_t filled, uint64_t empty, int n,
             uint64_t *forced_filled, uint64_t *forced_empty)
{
    if (k < 0 || k > SMALL_RUNS)
        return 0; /* not called so: the callers check */
    uint64_t full = (((uint64_t)1) << n) - 1, pad = ((uint64_t)1) << n;
    uint64_t unknown = full & ~(filled | empty);
    uint64_t can_fill = full & ~empty, can_empty = (full & ~filled) | pad;
    uint64_t reach[SMALL_RUNS + 1], tail[SMALL_RUNS + 1];
    *forced_filled = *forced_empty = 0;
    if (!word_sweep(runs, k, 0, can_fill, can_empty, n, reach))
        return 0;
    if (!unknown)
        return 1;
    uint64_t rfilled = reverse_bits(filled, n), rempty = reverse_bits(empty, n);
    uint64_t rreach[SMALL_RUNS + 1];
    if (!word_sweep(runs, k, 1, full & ~rempty, (full & ~rfilled) | pad, n, rreach))
        return 0; /* not reached: the forward sweep proved a fit */
    uint64_t positions = (pad << 1) - 1;
    for (Py_ssize_t m = 0; m <= k; m++)
        tail[m] = reverse_bits(rreach[m] & positions, n + 1);
    uint64_t fill_cells = 0, empty_cells = (reach[0] >> 1) & tail[k];
    for (Py_ssize_t j = 0; j < k; j++) {
        long run = runs[j];
        uint64_t valid =
            reach[j] & word_windows(can_fill, run) & (can_empty >> run) & (tail[k - j - 1] >> run);
        fill_cells |= word_spread(valid, run);
        empty_cells |= (reach[j + 1] >> 1) & tail[k - j - 1];
    }
    *forced_filled = fill_cells & ~empty_cells & unknown;
    *forced_empty = empty_cells & ~fill_cells & unknown;
    return 1;
}

/* line.forced_cells on words (n <= WORD_LINE, k <= SMALL_RUNS): 1 and the forced cells'
 * masks, or 0 when the runs do not fit. line holds the engine's codes (0, 1, 2). */
static int
forced_word(const long *runs, Py_ssize_t k, const unsigned char *line, int n, uint64_t *forced_filled,
            uint64_t *forced_empty)
{
    uint64_t filled, empty;
    line_masks(line, n, &filled, &empty);
    return forced_masks(runs, k, filled, empty, n, forced_filled, forced_empty);
}

#endif /* HANJIE_KERNEL_LINE_H */
