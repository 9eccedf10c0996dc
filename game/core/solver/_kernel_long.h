/* The reason search on lines longer than a word (more than MAX_WORD_LINE cells): the twin of
 * line.clue_fits and line.smallest_reason on Python's unbounded ints, here on arrays of
 * 64-bit words. Part of the compiled kernel (included by _kernel.c after fits_word).
 *
 * Explaining a contradiction on a 70-cell line tried clue_fits once a known cell, in Python:
 * on a 70x70 search that was two thirds of the solve. The sweep below is clue_fits's, step
 * for step; each word array holds the line's cells and two bits more (the sweep marks the
 * cell after the last, and a carry may reach the one after that).
 */
#ifndef HANJIE_KERNEL_LONG_H
#define HANJIE_KERNEL_LONG_H

#include "_kernel_line.h"


/* dst = src >> shift (bits), on words words. */
static void
long_shr(uint64_t *dst, const uint64_t *src, Py_ssize_t words, long shift)
{
    Py_ssize_t skip = shift / 64;
    int bits = (int)(shift % 64);
    for (Py_ssize_t i = 0; i < words; i++) {
        Py_ssize_t from = i + skip;
        uint64_t low = from < words ? src[from] : 0;
        uint64_t high = from + 1 < words ? src[from + 1] : 0;
        dst[i] = bits ? (low >> bits) | (high << (64 - bits)) : low;
    }
}

/* dst = src << shift (bits), on words words (bits past the last word are dropped). */
static void
long_shl(uint64_t *dst, const uint64_t *src, Py_ssize_t words, long shift)
{
    Py_ssize_t skip = shift / 64;
    int bits = (int)(shift % 64);
    for (Py_ssize_t i = words - 1; i >= 0; i--) {
        Py_ssize_t from = i - skip;
        uint64_t high = from >= 0 ? src[from] : 0;
        uint64_t low = from - 1 >= 0 ? src[from - 1] : 0;
        dst[i] = bits ? (high << bits) | (low >> (64 - bits)) : high;
    }
}

/* current = ((can_empty + (after & can_empty)) ^ can_empty) | after: the empty stretches
 * that start where a run may end, each filled to its end (the carry runs along it). */
static void
long_spread(uint64_t *current, const uint64_t *can_empty, const uint64_t *after,
            Py_ssize_t words)
{
    uint64_t carry = 0;
    for (Py_ssize_t i = 0; i < words; i++) {
        uint64_t add = after[i] & can_empty[i];
        uint64_t sum = can_empty[i] + add;
        uint64_t carried = sum < add;
        sum += carry;
        carried |= sum < carry;
        carry = carried;
        current[i] = (sum ^ can_empty[i]) | after[i];
    }
}

/* dst = (windows of ``run`` allowed cells): bit p when cells p .. p + run - 1 all are. */
static void
long_windows(uint64_t *dst, const uint64_t *allowed, Py_ssize_t words, long run,
             uint64_t *other)
{
    memcpy(dst, allowed, (size_t)words * sizeof(uint64_t));
    long covered = 1;
    while (covered < run) {
        long step = covered < run - covered ? covered : run - covered;
        long_shr(other, dst, words, step);
        for (Py_ssize_t i = 0; i < words; i++)
            dst[i] &= other[i];
        covered += step;
    }
}

/* One run of the forward sweep: from ``current`` (the cells after which the runs so far may
 * have ended), where this run may have ended, into ``next`` (it may be ``current``); 0 when
 * nowhere. scratch: 3 * words. */
static int
long_step(const uint64_t *current, uint64_t *next, const uint64_t *can_fill,
          const uint64_t *can_empty, Py_ssize_t words, long run, uint64_t *scratch)
{
    uint64_t *window = scratch, *other = scratch + words, *after = scratch + 2 * words;
    long_windows(window, can_fill, words, run, other);
    long_shr(other, can_empty, words, run);
    uint64_t any = 0;
    for (Py_ssize_t i = 0; i < words; i++) {
        window[i] &= current[i] & other[i]; /* the starts */
        any |= window[i];
    }
    if (!any)
        return 0;
    long_shl(after, window, words, run + 1);
    long_spread(next, can_empty, after, words);
    return 1;
}

/* word_sweep on word arrays: reach[0 .. k] (k + 1 arrays of words words); 0 when the runs
 * do not fit. scratch: 3 * words. */
static int
long_sweep(const long *runs, Py_ssize_t k, int backwards, const uint64_t *can_fill,
           const uint64_t *can_empty, long n, Py_ssize_t words, uint64_t *reach,
           uint64_t *scratch)
{
    uint64_t *after = scratch;
    for (Py_ssize_t i = 0; i < words; i++)
        after[i] = i == 0 ? (can_empty[0] & 1) : 0;
    long_spread(reach, can_empty, after, words);
    reach[0] |= 1;
    for (Py_ssize_t j = 0; j < k; j++) {
        long run = runs[backwards ? k - 1 - j : j];
        if (run > n || !long_step(reach + j * words, reach + (j + 1) * words, can_fill,
                                  can_empty, words, run, scratch))
            return 0;
    }
    long end = n + 1;
    return (int)((reach[k * words + end / 64] >> (end % 64)) & 1);
}

/* dst = the first ``width`` bits of src in reverse order (bit i to bit width - 1 - i). */
static void
long_reverse(uint64_t *dst, const uint64_t *src, Py_ssize_t words, long width)
{
    memset(dst, 0, (size_t)words * sizeof(uint64_t));
    for (Py_ssize_t i = 0; i < words; i++)
        for (uint64_t rest = src[i]; rest; rest &= rest - 1) {
            long bit = (long)(64 * i) + lowest_bit(rest);
            if (bit >= width)
                break;
            long to = width - 1 - bit;
            dst[to / 64] |= ((uint64_t)1) << (to % 64);
        }
}

/* forced_word on word arrays, for a line of any length and any number of runs: 1 and each
 * unknown cell's outcome in out (2 filled, BACKGROUND empty, BACKGROUND | 2 open; known cells
 * left as they are), 0 when the runs do not fit, -1 out of memory. line holds the engine's
 * codes (0, 1, 2), checked by the caller. */
static int
forced_long(const long *runs, Py_ssize_t k, const unsigned char *line, long n, domain_t *out)
{
    Py_ssize_t words = (n + 2) / 64 + 1;
    /* can_fill, can_empty and their mirror images, fill, empty, 4 of scratch; then the
     * sweeps: reach, rreach and tail, k + 1 arrays each. */
    uint64_t *memory = PyMem_Calloc((size_t)((10 + 3 * (k + 1)) * words), sizeof(uint64_t));
    if (memory == NULL)
        return -1;
    uint64_t *can_fill = memory, *can_empty = memory + words;
    uint64_t *rcan_fill = memory + 2 * words, *rcan_empty = memory + 3 * words;
    uint64_t *fill = memory + 4 * words, *empty = memory + 5 * words;
    uint64_t *scratch = memory + 6 * words; /* 4 * words */
    uint64_t *reach = memory + 10 * words, *rreach = reach + (k + 1) * words;
    uint64_t *tail = rreach + (k + 1) * words;
    for (long p = 0; p < n; p++) {
        uint64_t bit = ((uint64_t)1) << (p % 64), rbit = ((uint64_t)1) << ((n - 1 - p) % 64);
        if (line[p] != 2) {
            can_fill[p / 64] |= bit;
            rcan_fill[(n - 1 - p) / 64] |= rbit;
        }
        if (line[p] != 1) {
            can_empty[p / 64] |= bit;
            rcan_empty[(n - 1 - p) / 64] |= rbit;
        }
    }
    can_empty[n / 64] |= ((uint64_t)1) << (n % 64); /* the pad cell after the last */
    rcan_empty[n / 64] |= ((uint64_t)1) << (n % 64);
    int fits = long_sweep(runs, k, 0, can_fill, can_empty, n, words, reach, scratch) &&
               long_sweep(runs, k, 1, rcan_fill, rcan_empty, n, words, rreach, scratch);
    if (fits) {
        for (Py_ssize_t m = 0; m <= k; m++)
            long_reverse(tail + m * words, rreach + m * words, words, n + 1);
        uint64_t *window = scratch, *other = scratch + words, *valid = scratch + 2 * words;
        long_shr(empty, reach, words, 1);
        for (Py_ssize_t i = 0; i < words; i++)
            empty[i] &= tail[k * words + i];
        for (Py_ssize_t j = 0; j < k; j++) {
            long run = runs[j];
            const uint64_t *after_tail = tail + (k - j - 1) * words;
            long_windows(window, can_fill, words, run, other);
            long_shr(valid, can_empty, words, run);
            for (Py_ssize_t i = 0; i < words; i++)
                valid[i] &= window[i] & reach[j * words + i];
            long_shr(other, after_tail, words, run);
            for (Py_ssize_t i = 0; i < words; i++)
                valid[i] &= other[i];
            /* spread each start over its run's cells */
            long covered = 1;
            while (covered < run) {
                long step = covered < run - covered ? covered : run - covered;
                long_shl(other, valid, words, step);
                for (Py_ssize_t i = 0; i < words; i++)
                    valid[i] |= other[i];
                covered += step;
            }
            long_shr(other, reach + (j + 1) * words, words, 1);
            for (Py_ssize_t i = 0; i < words; i++) {
                fill[i] |= valid[i];
                empty[i] |= other[i] & after_tail[i];
            }
        }
        for (long p = 0; p < n; p++) {
            if (line[p])
                continue;
            int can_be_filled = (int)((fill[p / 64] >> (p % 64)) & 1);
            int can_be_empty = (int)((empty[p / 64] >> (p % 64)) & 1);
            out[p] = can_be_filled && !can_be_empty   ? 2
                     : can_be_empty && !can_be_filled ? BACKGROUND
                                                      : (BACKGROUND | 2);
        }
    }
    PyMem_Free(memory);
    return fits;
}

/* line.clue_fits on word arrays (filled, empty: words words each; scratch: 6 * words). */
static int
fits_long(const long *runs, Py_ssize_t k, const uint64_t *filled, const uint64_t *empty,
          long length, Py_ssize_t words, uint64_t *scratch)
{
    uint64_t *can_fill = scratch, *can_empty = scratch + words, *current = scratch + 2 * words;
    uint64_t *other = scratch + 3 * words; /* and 3 * words more for long_step */
    for (Py_ssize_t i = 0; i < words; i++) {
        long low = (long)(64 * i);
        uint64_t full = length >= low + 64 ? ~(uint64_t)0
                        : length > low     ? (((uint64_t)1) << (length - low)) - 1
                                           : 0;
        can_fill[i] = full & ~empty[i];
        can_empty[i] = full & ~filled[i];
        if (length >= low && length < low + 64)
            can_empty[i] |= ((uint64_t)1) << (length - low);
        other[i] = i == 0 ? (can_empty[0] & 1) : 0;
    }
    long_spread(current, can_empty, other, words);
    current[0] |= 1;
    for (Py_ssize_t j = 0; j < k; j++)
        if (runs[j] > length ||
            !long_step(current, current, can_fill, can_empty, words, runs[j], other))
            return 0;
    long end = length + 1;
    return (int)((current[end / 64] >> (end % 64)) & 1);
}

/* A non-negative int into words words, or -1 with an error (OverflowError for a negative
 * one or one with bits past them). */
static int
long_words(PyObject *number, uint64_t *out, Py_ssize_t words)
{
    PyObject *bytes = PyObject_CallMethod(number, "to_bytes", "ns", words * 8, "little");
    if (bytes == NULL)
        return -1;
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(bytes);
    for (Py_ssize_t i = 0; i < words; i++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--)
            word = (word << 8) | data[8 * i + b];
        out[i] = word;
    }
    Py_DECREF(bytes);
    return 0;
}

/* long_smallest_reason(clue, length, filled, empty, order) -> int: line.smallest_reason for
 * a line of any length (filled and empty: ints, bit p for cell p). */
static PyObject *
py_long_smallest_reason(PyObject *self, PyObject *args)
{
    PyObject *clue, *filled_obj, *empty_obj, *order;
    long length;
    if (!PyArg_ParseTuple(args, "OlO!O!O", &clue, &length, &PyLong_Type, &filled_obj,
                          &PyLong_Type, &empty_obj, &order))
        return NULL;
    if (length < 0 || length > (1L << 24)) {
        PyErr_SetString(PyExc_ValueError, "not a line's length");
        return NULL;
    }
    Py_ssize_t words = (length + 2) / 64 + 1;
    long small_runs[SMALL_RUNS];
    long *lengths = NULL;
    Py_ssize_t k = read_clue(clue, &lengths, small_runs, SMALL_RUNS);
    if (k < 0)
        return NULL;
    PyObject *seq = NULL, *answer = NULL, *bytes = NULL;
    uint64_t *memory = PyMem_Calloc((size_t)(8 * words), sizeof(uint64_t));
    if (memory == NULL) {
        PyErr_NoMemory();
        goto cleanup;
    }
    uint64_t *f = memory, *e = memory + words, *scratch = memory + 2 * words;
    if (long_words(filled_obj, f, words) < 0 || long_words(empty_obj, e, words) < 0)
        goto cleanup;
    seq = PySequence_Fast(order, "order must be a sequence");
    if (seq == NULL)
        goto cleanup;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        long offset = PyLong_AsLong(items[i]);
        if (offset == -1 && PyErr_Occurred())
            goto cleanup;
        if (offset < 0 || offset >= 64 * words)
            continue; /* no cell of these masks: nothing to drop (as in Python) */
        uint64_t bit = ((uint64_t)1) << (offset % 64);
        Py_ssize_t at = offset / 64;
        if (f[at] & bit) {
            f[at] ^= bit;
            if (fits_long(lengths, k, f, e, length, words, scratch))
                f[at] ^= bit;
        }
        else if (e[at] & bit) {
            e[at] ^= bit;
            if (fits_long(lengths, k, f, e, length, words, scratch))
                e[at] ^= bit;
        }
    }
    unsigned char *out = PyMem_Malloc((size_t)(8 * words));
    if (out == NULL) {
        PyErr_NoMemory();
        goto cleanup;
    }
    for (Py_ssize_t i = 0; i < words; i++)
        for (int b = 0; b < 8; b++)
            out[8 * i + b] = (unsigned char)((f[i] | e[i]) >> (8 * b));
    bytes = PyBytes_FromStringAndSize((const char *)out, 8 * words);
    PyMem_Free(out);
    if (bytes != NULL)
        answer = PyObject_CallMethod((PyObject *)&PyLong_Type, "from_bytes", "Os", bytes,
                                     "little");
cleanup:
    Py_XDECREF(bytes);
    Py_XDECREF(seq);
    PyMem_Free(memory);
    if (lengths != small_runs)
        PyMem_Free(lengths);
    return answer;
}

#endif /* HANJIE_KERNEL_LONG_H */
