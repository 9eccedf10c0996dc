/* The line solvers and the reason search as module functions (forced_packed, line_domains,
 * smallest_reason), the twins of line.py's and colour_line.py's. */
#ifndef HANJIE_KERNEL_LINE_API_H
#define HANJIE_KERNEL_LINE_API_H

#include "_kernel_line.h"
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
    int wide = n >= WIDE_LINE;
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

/* A colour clue's run colours: ``k`` ints from 1 to ``highest`` from the sequence ``seq``,
 * in a new block (PyMem_Free it), or NULL with an error set (``too_high`` its message for a
 * colour out of range). */
static int *
read_run_colours(PyObject *seq, Py_ssize_t k, long highest, const char *too_high)
{
    PyObject *fast = PySequence_Fast(seq, "colours must be a sequence");
    if (fast == NULL)
        return NULL;
    int *colours = NULL;
    if (PySequence_Fast_GET_SIZE(fast) != k) {
        PyErr_SetString(PyExc_ValueError, "one colour a run");
        goto done;
    }
    colours = (int *)PyMem_Malloc((size_t)(k + 1) * sizeof(int));
    if (colours == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < k; j++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, j));
        if (c == -1 && PyErr_Occurred()) {
            PyMem_Free(colours);
            colours = NULL;
            goto done;
        }
        if (c < 1 || c > highest) {
            PyErr_SetString(PyExc_ValueError, too_high);
            PyMem_Free(colours);
            colours = NULL;
            goto done;
        }
        colours[j] = (int)c;
    }
done:
    Py_DECREF(fast);
    return colours;
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
    PyObject *answer = NULL, *domains_fast = NULL;
    int *colours = NULL;
    domain_t *dom = NULL, *out = NULL;
    Py_ssize_t k = read_clue(clue, &lengths, small_runs, SMALL_RUNS);
    if (k < 0)
        return NULL;
    colours = read_run_colours(colour_seq, k, 63, "colours must be 1 to 63");
    if (colours == NULL)
        goto cleanup;
    domains_fast = PySequence_Fast(domain_seq, "domains must be a sequence");
    if (domains_fast == NULL)
        goto cleanup;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(domains_fast);
    dom = (domain_t *)PyMem_Malloc((size_t)(n + 1) * sizeof(domain_t));
    out = (domain_t *)PyMem_Malloc((size_t)(n + 1) * sizeof(domain_t));
    if (dom == NULL || out == NULL) {
        PyErr_NoMemory();
        goto cleanup;
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
    Py_XDECREF(domains_fast);
    if (lengths != small_runs)
        PyMem_Free(lengths);
    PyMem_Free(colours);
    PyMem_Free(dom);
    PyMem_Free(out);
    return answer;
}

/* A colour line's packed outcome: PlaneLineSolver.packed's twin (plane_line.py). ``line`` is
 * a colour line's variables, ``planes`` a cell (codes 0 unknown, 1 yes, 2 no); read as each
 * cell's domain, solved by line_domains, and answered as the variables now yes (a cell left
 * one value) then those now no (a value struck off), each in line order, packed as
 * line.pack_outcome packs (two bytes an index from WIDE_LINE on); None when no placement
 * fits. A new reference, NULL on an error. The propagator calls it for a colour line's
 * uncached solve, plane_packed() for PlaneLineSolver. */
static PyObject *
plane_outcome(const long *lengths, const int *colours, Py_ssize_t k, const unsigned char *line,
              Py_ssize_t length, int planes)
{
    PyObject *answer = NULL;
    domain_t *dom = NULL, *out = NULL;
    Py_ssize_t *picked = NULL;
    Py_ssize_t n = length / planes;
    dom = (domain_t *)PyMem_Malloc((size_t)(n + 1) * sizeof(domain_t));
    out = (domain_t *)PyMem_Malloc((size_t)(n + 1) * sizeof(domain_t));
    picked = (Py_ssize_t *)PyMem_Malloc((size_t)(length + 1) * sizeof(Py_ssize_t));
    if (dom == NULL || out == NULL || picked == NULL) {
        PyErr_NoMemory();
        goto cleanup;
    }
    domain_t full = planes == 64 ? ~(domain_t)0 : (domain_t)((((domain_t)1) << planes) - 1);
    for (Py_ssize_t p = 0; p < n; p++) {
        domain_t d = full;
        for (int c = 0; c < planes; c++) {
            unsigned char code = line[p * planes + c];
            if (code == 1)
                d &= ((domain_t)1) << c;
            else if (code == 2)
                d &= ~(((domain_t)1) << c);
        }
        if (!d) {
            answer = Py_NewRef(Py_None);
            goto cleanup;
        }
        dom[p] = d;
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
    /* The yes variables first, then the no ones, each in line order. */
    Py_ssize_t yes = 0, count = 0;
    for (int pass = 0; pass < 2; pass++)
        for (Py_ssize_t p = 0; p < n; p++) {
            domain_t d = out[p];
            int one = (d & (domain_t)(d - 1)) == 0;
            for (int c = 0; c < planes; c++) {
                Py_ssize_t at = p * planes + c;
                if (line[at])
                    continue;
                int allowed = (d >> c) & 1;
                if (pass == 0 ? (allowed && one) : !allowed)
                    picked[count++] = at;
            }
            if (pass == 0)
                yes = count;
        }
    if (length < WIDE_LINE) {
        answer = PyBytes_FromStringAndSize(NULL, count + 1);
        if (answer == NULL)
            goto cleanup;
        unsigned char *bytes = (unsigned char *)PyBytes_AS_STRING(answer);
        bytes[0] = (unsigned char)yes;
        for (Py_ssize_t i = 0; i < count; i++)
            bytes[i + 1] = (unsigned char)picked[i];
    }
    else {
        answer = PyBytes_FromStringAndSize(NULL, (count + 1) * 2);
        if (answer == NULL)
            goto cleanup;
        uint16_t value = (uint16_t)yes;
        char *bytes = PyBytes_AS_STRING(answer);
        memcpy(bytes, &value, 2);
        for (Py_ssize_t i = 0; i < count; i++) {
            value = (uint16_t)picked[i];
            memcpy(bytes + 2 * (i + 1), &value, 2);
        }
    }
cleanup:
    PyMem_Free(dom);
    PyMem_Free(out);
    PyMem_Free(picked);
    return answer;
}

/* plane_packed(lengths, colours, line, planes) -> bytes | None: plane_outcome for Python
 * (PlaneLineSolver.packed's compiled twin). */
static PyObject *
py_plane_packed(PyObject *self, PyObject *args)
{
    PyObject *clue, *colour_seq;
    Py_buffer view;
    int planes;
    if (!PyArg_ParseTuple(args, "OOy*i", &clue, &colour_seq, &view, &planes))
        return NULL;
    long small_runs[SMALL_RUNS];
    long *lengths = NULL;
    PyObject *answer = NULL;
    int *colours = NULL;
    Py_ssize_t length = view.len;
    Py_ssize_t k = read_clue(clue, &lengths, small_runs, SMALL_RUNS);
    if (k < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    if (planes < 2 || planes > 64 || length % planes) {
        PyErr_SetString(PyExc_ValueError, "a colour line is 2 to 64 variables a cell");
        goto cleanup;
    }
    colours = read_run_colours(colour_seq, k, planes - 1, "a run's colour has no plane");
    if (colours == NULL)
        goto cleanup;
    answer = plane_outcome(lengths, colours, k, (const unsigned char *)view.buf, length, planes);
cleanup:
    if (lengths != small_runs)
        PyMem_Free(lengths);
    PyMem_Free(colours);
    PyBuffer_Release(&view);
    return answer;
}

/* line.clue_fits on 64-bit words (length <= MAX_WORD_LINE). */

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

#endif /* HANJIE_KERNEL_LINE_API_H */
