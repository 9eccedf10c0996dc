/* The engine's compiled kernel: the exact line solver and the explanation's reason search.
 *
 * The twin of game/core/solver/line.py (forced_cells + pack_outcome, smallest_reason), which
 * stays the reference: tests/core/test_kernel_differential.py holds the two to the same
 * answers. Every function here is a pure function of its arguments (no state, no cache), so
 * the engine around it searches, counts and steps exactly as it does on pure Python.
 *
 * Cells are domains: a bit mask of the values a cell may still take, bit 0 the background
 * (empty) and bit c colour c (a black-and-white puzzle has one colour: filled is bit 1). The
 * dynamic programme below is the colour one (two runs of the same colour need a background
 * cell between them, runs of different colours need none); black and white is its case of
 * one colour, so a colour engine can call line_domains() on the same kernel.
 *
 * The Propagator type included at the end (_kernel_state.h with _kernel_cache.h,
 * _kernel_nogoods.h, _kernel_propagate.h with _kernel_reason.h, _kernel_analyse.h and
 * _kernel_probe.h) is the one with state: the engine's propagation, conflict analysis and
 * lookahead probes, in place on an engine's own objects. _kernel_colour.h's ColourPropagator
 * is the colour engine's propagation loop, in place on the colour engine's lists.
 *
 * Built by hatch_build.py (optional: without a compiler the game runs on pure Python).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bumped with every change of behaviour or signature; game/core/solver/kernel.py refuses a
 * built module whose number differs (a stale build runs pure Python, never wrong answers). */
#define KERNEL_VERSION 10

typedef uint64_t domain_t;
#define BACKGROUND ((domain_t)1)

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
    unsigned char small[4096];
    unsigned char *memory;
    size_t need = 2 * table + (size_t)stride * sizeof(Py_ssize_t) * 2;
    if (need <= sizeof(small)) {
        memory = small;
    }
    else {
        memory = (unsigned char *)malloc(need);
        if (memory == NULL)
            return -1;
    }
    unsigned char *fwd = memory;
    unsigned char *bwd = memory + table;
    /* bad[p]: cells in [0, p) that cannot take the current colour (a window [s, s + L) fits
     * when bad[s + L] == bad[s]); cover[p]: a difference array of one run's coverage. */
    Py_ssize_t *bad = (Py_ssize_t *)(memory + 2 * table);
    Py_ssize_t *cover = bad + stride;
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

#define SMALL_RUNS 64
#define SMALL_CELLS 256

/* Lines of at most WORD_LINE cells are solved on 64-bit words (the bit-parallel programme of
 * line.forced_cells: the line, its padding cell and one past it fit in a word). */
#define WORD_LINE 62

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

static uint64_t
reverse_bits(uint64_t value, int width)
{
    uint64_t result = 0;
    for (int i = 0; i < width; i++)
        if ((value >> i) & 1)
            result |= ((uint64_t)1) << (width - 1 - i);
    return result;
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

/* line.forced_cells on words (n <= WORD_LINE, k <= SMALL_RUNS): 1 and the forced cells'
 * masks, or 0 when the runs do not fit. line holds the engine's codes (0, 1, 2). */
static int
forced_word(const long *runs, Py_ssize_t k, const unsigned char *line, int n, uint64_t *forced_filled,
            uint64_t *forced_empty)
{
    uint64_t filled = 0, empty = 0, rfilled = 0, rempty = 0;
    if (k < 0 || k > SMALL_RUNS)
        return 0; /* not called so: the callers check */
    for (int p = 0; p < n; p++) {
        if (line[p] == 1) {
            filled |= ((uint64_t)1) << p;
            rfilled |= ((uint64_t)1) << (n - 1 - p);
        }
        else if (line[p] == 2) {
            empty |= ((uint64_t)1) << p;
            rempty |= ((uint64_t)1) << (n - 1 - p);
        }
    }
    uint64_t full = (((uint64_t)1) << n) - 1, pad = ((uint64_t)1) << n;
    uint64_t unknown = full & ~(filled | empty);
    uint64_t can_fill = full & ~empty, can_empty = (full & ~filled) | pad;
    uint64_t reach[SMALL_RUNS + 1], tail[SMALL_RUNS + 1];
    *forced_filled = *forced_empty = 0;
    if (!word_sweep(runs, k, 0, can_fill, can_empty, n, reach))
        return 0;
    if (!unknown)
        return 1;
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

#include "_kernel_long.h"

/* The packed outcome (line.pack_outcome) of forced_word's masks. */
static PyObject *
pack_word(uint64_t forced_filled, uint64_t forced_empty)
{
    unsigned char buffer[1 + WORD_LINE];
    Py_ssize_t at = 1, filled = 0;
    for (int p = 0; p < 64; p++)
        if ((forced_filled >> p) & 1) {
            buffer[at++] = (unsigned char)p;
            filled++;
        }
    for (int p = 0; p < 64; p++)
        if ((forced_empty >> p) & 1)
            buffer[at++] = (unsigned char)p;
    buffer[0] = (unsigned char)filled;
    return PyBytes_FromStringAndSize((const char *)buffer, at);
}

/* forced_packed(clue, line) -> bytes | None: line.pack_outcome(line.forced_cells(clue, line)). */
static PyObject *
forced_packed(PyObject *self, PyObject *args)
{
    PyObject *clue;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "Oy*", &clue, &view))
        return NULL;
    long small_runs[SMALL_RUNS];
    long *lengths = NULL;
    PyObject *answer = NULL;
    Py_ssize_t k = read_clue(clue, &lengths, small_runs, SMALL_RUNS);
    if (k < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t n = view.len;
    const unsigned char *line = (const unsigned char *)view.buf;
    if (n <= WORD_LINE && k <= SMALL_RUNS) {
        int valid = 1;
        for (Py_ssize_t p = 0; p < n; p++)
            valid &= line[p] <= 2;
        if (valid) {
            uint64_t forced_filled, forced_empty;
            if (!forced_word(lengths, k, line, (int)n, &forced_filled, &forced_empty))
                answer = Py_NewRef(Py_None);
            else
                answer = pack_word(forced_filled, forced_empty);
            if (lengths != small_runs)
                PyMem_Free(lengths);
            PyBuffer_Release(&view);
            return answer;
        }
    }
    domain_t small_dom[SMALL_CELLS], small_out[SMALL_CELLS];
    domain_t *dom = small_dom, *out = small_out;
    if (n > SMALL_CELLS) {
        dom = (domain_t *)PyMem_Malloc((size_t)n * sizeof(domain_t));
        out = (domain_t *)PyMem_Malloc((size_t)n * sizeof(domain_t));
    }
    if (dom == NULL || out == NULL) {
        PyErr_NoMemory();
        goto cleanup;
    }
    Py_ssize_t unknown = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        /* The engine's codes: 0 unknown, 1 filled, 2 empty. */
        unsigned char code = line[p];
        if (code == 1)
            dom[p] = 2;
        else if (code == 2)
            dom[p] = BACKGROUND;
        else if (code == 0) {
            dom[p] = BACKGROUND | 2;
            unknown++;
        }
        else {
            PyErr_SetString(PyExc_ValueError, "line cells must be 0, 1 or 2");
            goto cleanup;
        }
    }
    /* Black and white: the word sweeps on word arrays (line_domains, the colour solver,
     * took 18 us a 70-cell line). */
    int fits = forced_long(lengths, k, line, (long)n, out);
    if (fits < 0) {
        PyErr_NoMemory();
        goto cleanup;
    }
    if (!fits) {
        answer = Py_NewRef(Py_None);
        goto cleanup;
    }
    Py_ssize_t filled = 0, emptied = 0;
    for (Py_ssize_t p = 0; p < n; p++) {
        if (dom[p] == (BACKGROUND | 2)) {
            if (out[p] == 2)
                filled++;
            else if (out[p] == BACKGROUND)
                emptied++;
        }
    }
    (void)unknown;
    int wide = n >= 256; /* line.WIDE_LINE */
    Py_ssize_t unit = wide ? 2 : 1;
    answer = PyBytes_FromStringAndSize(NULL, (1 + filled + emptied) * unit);
    if (answer == NULL)
        goto cleanup;
    char *buffer = PyBytes_AS_STRING(answer);
    Py_ssize_t at = 0;
#define PUT(value)                                                                          \
    do {                                                                                    \
        if (wide) {                                                                         \
            uint16_t v_ = (uint16_t)(value);                                                \
            memcpy(buffer + at * 2, &v_, 2);                                                \
        }                                                                                   \
        else                                                                                \
            buffer[at] = (char)(unsigned char)(value);                                      \
        at++;                                                                               \
    } while (0)
    PUT(filled);
    for (Py_ssize_t p = 0; p < n; p++)
        if (dom[p] == (BACKGROUND | 2) && out[p] == 2)
            PUT(p);
    for (Py_ssize_t p = 0; p < n; p++)
        if (dom[p] == (BACKGROUND | 2) && out[p] == BACKGROUND)
            PUT(p);
#undef PUT
cleanup:
    if (lengths != small_runs)
        PyMem_Free(lengths);
    if (dom != small_dom && dom != NULL)
        PyMem_Free(dom);
    if (out != small_out && out != NULL)
        PyMem_Free(out);
    PyBuffer_Release(&view);
    return answer;
}

/* line_domains(lengths, colours, domains) -> tuple[int, ...] | None: the colour entry point,
 * the twin of a colour line solver's (runs, line of masks) -> masks. A cell is a mask (bit 0
 * background, bit c colour c, colours 1 to 63); the answer holds, per cell, the values some
 * placement gives it, or None when no placement fits. */
static PyObject *
py_line_domains(PyObject *self, PyObject *args)
{
    PyObject *clue, *colour_seq, *domain_seq;
    if (!PyArg_ParseTuple(args, "OOO", &clue, &colour_seq, &domain_seq))
        return NULL;
    long small_runs[SMALL_RUNS];
    long *lengths = NULL;
    PyObject *answer = NULL, *colours_fast = NULL, *domains_fast = NULL;
    int *colours = NULL;
    domain_t *dom = NULL, *out = NULL;
    Py_ssize_t k = read_clue(clue, &lengths, small_runs, SMALL_RUNS);
    if (k < 0)
        return NULL;
    colours_fast = PySequence_Fast(colour_seq, "colours must be a sequence");
    if (colours_fast == NULL)
        goto cleanup;
    domains_fast = PySequence_Fast(domain_seq, "domains must be a sequence");
    if (domains_fast == NULL)
        goto cleanup;
    if (PySequence_Fast_GET_SIZE(colours_fast) != k) {
        PyErr_SetString(PyExc_ValueError, "one colour a run");
        goto cleanup;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(domains_fast);
    colours = (int *)PyMem_Malloc((size_t)(k + 1) * sizeof(int));
    dom = (domain_t *)PyMem_Malloc((size_t)(n + 1) * sizeof(domain_t));
    out = (domain_t *)PyMem_Malloc((size_t)(n + 1) * sizeof(domain_t));
    if (colours == NULL || dom == NULL || out == NULL) {
        PyErr_NoMemory();
        goto cleanup;
    }
    for (Py_ssize_t j = 0; j < k; j++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(colours_fast, j));
        if (c == -1 && PyErr_Occurred())
            goto cleanup;
        if (c < 1 || c > 63) {
            PyErr_SetString(PyExc_ValueError, "colours must be 1 to 63");
            goto cleanup;
        }
        colours[j] = (int)c;
    }
    for (Py_ssize_t p = 0; p < n; p++) {
        unsigned long long mask =
            PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(domains_fast, p));
        if (mask == (unsigned long long)-1 && PyErr_Occurred())
            goto cleanup; /* negative, too wide or not an int */
        dom[p] = (domain_t)mask;
    }
    int fits = line_domains(n, k, lengths, colours, dom, out);
    if (fits < 0) {
        PyErr_NoMemory();
        goto cleanup;
    }
    if (!fits) {
        answer = Py_NewRef(Py_None);
        goto cleanup;
    }
    answer = PyTuple_New(n);
    if (answer == NULL)
        goto cleanup;
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *value = PyLong_FromUnsignedLongLong((unsigned long long)out[p]);
        if (value == NULL) {
            Py_CLEAR(answer);
            goto cleanup;
        }
        PyTuple_SET_ITEM(answer, p, value);
    }
cleanup:
    Py_XDECREF(colours_fast);
    Py_XDECREF(domains_fast);
    if (lengths != small_runs)
        PyMem_Free(lengths);
    PyMem_Free(colours);
    PyMem_Free(dom);
    PyMem_Free(out);
    return answer;
}

/* line.clue_fits on 64-bit words (length <= MAX_WORD_LINE). */
#define MAX_WORD_LINE 62

static int
fits_word(const long *runs, Py_ssize_t k, uint64_t filled, uint64_t empty, int length)
{
    uint64_t full = (((uint64_t)1) << length) - 1;
    uint64_t can_fill = full & ~empty;
    uint64_t can_empty = (full & ~filled) | (((uint64_t)1) << length);
    uint64_t current = ((can_empty + (1 & can_empty)) ^ can_empty) | 1;
    for (Py_ssize_t j = 0; j < k; j++) {
        long run = runs[j];
        if (run > length)
            return 0;
        uint64_t window = can_fill;
        long covered = 1;
        while (covered < run) {
            long step = covered < run - covered ? covered : run - covered;
            window &= window >> step;
            covered += step;
        }
        uint64_t starts = current & window & (can_empty >> run);
        if (!starts)
            return 0;
        uint64_t after = starts << (run + 1);
        current = ((can_empty + (after & can_empty)) ^ can_empty) | after;
    }
    return (int)((current >> (length + 1)) & 1);
}

/* smallest_reason(clue, length, filled, empty, order) -> int, as line.smallest_reason, for
 * lines of at most MAX_WORD_LINE cells (the Python wrapper takes longer ones). */
static PyObject *
py_smallest_reason(PyObject *self, PyObject *args)
{
    PyObject *clue, *order;
    int length;
    unsigned long long filled, empty;
    if (!PyArg_ParseTuple(args, "OiKKO", &clue, &length, &filled, &empty, &order))
        return NULL;
    if (length < 0 || length > MAX_WORD_LINE) {
        PyErr_SetString(PyExc_ValueError, "line too long for the word kernel");
        return NULL;
    }
    long small_runs[SMALL_RUNS];
    long *lengths = NULL;
    Py_ssize_t k = read_clue(clue, &lengths, small_runs, SMALL_RUNS);
    if (k < 0)
        return NULL;
    PyObject *seq = PySequence_Fast(order, "order must be a sequence");
    PyObject *answer = NULL;
    if (seq == NULL)
        goto cleanup;
    uint64_t f = (uint64_t)filled, e = (uint64_t)empty;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        long offset = PyLong_AsLong(items[i]);
        if (offset == -1 && PyErr_Occurred())
            goto cleanup;
        if (offset < 0 || offset >= length)
            continue; /* no cell of the line: nothing to drop (as in Python) */
        uint64_t bit = ((uint64_t)1) << offset;
        if (f & bit) {
            if (!fits_word(lengths, k, f ^ bit, e, length))
                f ^= bit;
        }
        else if ((e & bit) && !fits_word(lengths, k, f, e ^ bit, length))
            e ^= bit;
    }
    answer = PyLong_FromUnsignedLongLong((unsigned long long)(f | e));
cleanup:
    Py_XDECREF(seq);
    if (lengths != small_runs)
        PyMem_Free(lengths);
    return answer;
}

#include "_kernel_store.h"
#include "_kernel_state.h"
#include "_kernel_nogoods.h"
#include "_kernel_propagate.h"
#include "_kernel_colour.h"

static PyMethodDef kernel_methods[] = {
    {"forced_packed", forced_packed, METH_VARARGS,
     "forced_packed(clue, line) -> bytes | None: line.pack_outcome(line.forced_cells(...))."},
    {"line_domains", py_line_domains, METH_VARARGS,
     "line_domains(lengths, colours, masks) -> tuple | None: each cell's possible values."},
    {"smallest_reason", py_smallest_reason, METH_VARARGS,
     "smallest_reason(clue, length, filled, empty, order) -> int (lines of <= 62 cells)."},
    {"long_smallest_reason", py_long_smallest_reason, METH_VARARGS,
     "long_smallest_reason(clue, length, filled, empty, order) -> int (lines of any length)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The engine's compiled kernel (see kernel.py).", -1,
    kernel_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__kernel(void)
{
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL)
        return NULL;
    if (PyModule_AddIntConstant(module, "VERSION", KERNEL_VERSION) < 0 ||
        PyModule_AddIntConstant(module, "MAX_WORD_LINE", MAX_WORD_LINE) < 0 ||
        store_ready(module) < 0 || propagator_ready(module) < 0 || colour_propagator_ready(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
