/* Probes, compiled, for an engine no one watches: the root's probing rounds (probe_scan,
 * probe_both: the twins of Prober's) and what lookahead's probes share with them
 * (probe_propagate, the counts' write-back; _kernel_lookahead.h has lookahead's own loop).
 * Part of the compiled kernel (included by _kernel_propagator.h).
 *
 * A probe sets a cell, propagates to the end (looking at the clock every CLOCK_EVERY lines
 * through the engine's _check_clock, whose EngineTimeout comes out of the call) and undoes
 * the way. The engine's counts (unknown cells, the clock's countdown, probes, cache hits) are
 * read at the start and written back before a call returns.
 */
#ifndef HANJIE_KERNEL_PROBE_H
#define HANJIE_KERNEL_PROBE_H

#include "_kernel_undo.h"
#include "_kernel_analyse.h"



static int
ascending(const void *left, const void *right)
{
    long a = *(const long *)left, b = *(const long *)right;
    return (a > b) - (a < b);
}

/* The sort of a short list of trail entries, ascending: an insertion sort for the usual few
 * (qsort's calls cost more at this size). */
static void
sort_entries(LongVec *entries)
{
    if (entries->size > 48) {
        qsort(entries->data, (size_t)entries->size, sizeof(long), ascending);
        return;
    }
    for (Py_ssize_t i = 1; i < entries->size; i++) {
        long moving = entries->data[i];
        Py_ssize_t j = i;
        for (; j > 0 && entries->data[j - 1] > moving; j--)
            entries->data[j] = entries->data[j - 1];
        entries->data[j] = moving;
    }
}

/* What a pair of probes counts, in the int64 array the engine hands over (PairCounts). */
enum { PAIR_UNKNOWN, PAIR_COUNTDOWN, PAIR_PROBES, PAIR_HITS, PAIR_COUNTS };

/* LinePropagation.propagate(probe=True) for no one watching: EV_DONE, EV_LINE_CONFLICT (*line the
 * line), EV_RULE_BROKEN (the broken nogood put in broken_box[0]), or -1 on an error (the
 * engine's clock check, check_clock, raising EngineTimeout among them). */
static int
probe_propagate(PropagatorObject *self, PyObject *check_clock, PyObject *broken_box, int depth,
                Counters *c, Py_ssize_t *line)
{
    c->quiet = 0;
    for (;;) {
        PyObject *a = NULL;
        long long b = 0, cc = 0;
        c->due = 0;
        int event = run_loop(self, 1, depth, 0, 0, 0, c, &a, &b, &cc);
        if (event < 0)
            return -1;
        if (c->due && clock_looked(self, check_clock, c->due) < 0) {
            Py_XDECREF(a);
            return -1;
        }
        if (event == EV_LINE_CONFLICT) {
            *line = PyLong_AsSsize_t(a);
            Py_DECREF(a);
            return PyErr_Occurred() ? -1 : event;
        }
        if (event == EV_RULE_BROKEN) {
            int failed = PyList_SetItem(broken_box, 0, a); /* steals a */
            return failed < 0 ? -1 : event;
        }
        Py_XDECREF(a);
        if (event == EV_DONE)
            return EV_DONE;
        /* EV_CLOCK: the clock was looked at; go on */
    }
}

/* The engine's counts back from a pair of probes, into its PairCounts (the line solver's
 * hits as the number to add). */
static void
pair_write_back(long long *counts, Counters *c, long long probes)
{
    counts[PAIR_UNKNOWN] = c->unknown;
    counts[PAIR_COUNTDOWN] = c->countdown;
    counts[PAIR_PROBES] = probes;
    counts[PAIR_HITS] += c->hits;
    c->hits = 0;
}


/* One unknown variable probed both ways at ``depth`` (Prober._probe_cell_python's twin): each
 * way sets the variable (no choice is opened), propagates to the end (the lines it takes
 * appended to the engine's ``visited``; the clock looked at through check_clock, whose
 * EngineTimeout comes out as -1 with the way left on the board, as in the Python twin) and
 * is undone. 1 with ``proven`` holding the trail entries proven, ascending (what both ways
 * deduced alike, or, when one way contradicts, the other way's deductions and its own
 * entry) and deduced[1], deduced[2] each way's deductions (0 for a way that contradicts);
 * 0 when both ways contradict; -1 on an error. A broken nogood's id goes in broken_box[0]. */
static int
probe_both(PropagatorObject *self, Py_ssize_t index, int depth, PyObject *check_clock,
           PyObject *broken_box, Counters *c, long long *probes, LongVec *proven,
           Py_ssize_t deduced[3])
{
    PyObject *trail = self->trail;
    unsigned int now = next_generation(self->mark_gen, &self->mark_now, self->nvars);
    LongVec filled = {NULL, 0, 0};
    int broke[3] = {0, 0, 0};
    int result = -1;
    proven->size = 0;
    deduced[1] = deduced[2] = 0;
    for (int code = 1; code <= 2; code++) {
        Py_ssize_t mark = PyList_GET_SIZE(trail);
        *probes += 1;
        if (place(self, index, code, DECIDED, -1, depth, 1, 1, 1, c) < 0)
            goto done;
        Py_ssize_t line = -1;
        int event = probe_propagate(self, check_clock, broken_box, depth, c, &line);
        if (event < 0)
            goto done;
        Py_ssize_t length = PyList_GET_SIZE(trail);
        if (event != EV_DONE)
            broke[code] = 1;
        else {
            deduced[code] = length - mark - 1;
            for (Py_ssize_t at = mark + 1; at < length; at++) {
                long entry = trail_entry(self, at);
                Py_ssize_t variable = entry >> CODE_BITS;
                if (code == 1) {
                    self->mark_gen[variable] = now;
                    self->probe_code[variable] = (unsigned char)(entry & CODE_MASK);
                    if (vec_push(&filled, entry) < 0)
                        goto done;
                }
                else if (broke[1] || (self->mark_gen[variable] == now &&
                                      self->probe_code[variable] == (entry & CODE_MASK))) {
                    if (vec_push(proven, entry) < 0) /* all of them when filled broke */
                        goto done;
                }
            }
        }
        if (store_undo_to(self, mark) < 0)
            goto done;
        c->unknown += length - mark;
        if (undo_core(self, mark, 0, NULL, NULL) < 0)
            goto done;
    }
    if (broke[1] && broke[2]) {
        result = 0;
        goto done;
    }
    if (broke[1] && vec_push(proven, (long)((index << CODE_BITS) | CELL_EMPTY)) < 0)
        goto done;
    if (broke[2]) {
        proven->size = 0;
        for (Py_ssize_t i = 0; i < filled.size; i++)
            if (vec_push(proven, filled.data[i]) < 0)
                goto done;
        if (vec_push(proven, (long)((index << CODE_BITS) | CELL_FILLED)) < 0)
            goto done;
    }
    sort_entries(proven);
    result = 1;
done:
    PyMem_Free(filled.data);
    return result;
}

/* The largest stamp among the lines a probe record looked at (``looked``: bytes of
 * array('H')); -1 on an error. */
static long long
latest_stamp(PropagatorObject *self, PyObject *looked)
{
    const uint16_t *lines = (const uint16_t *)PyBytes_AS_STRING(looked);
    Py_ssize_t count = PyBytes_GET_SIZE(looked) / 2;
    long long latest = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        if (lines[i] >= PyList_GET_SIZE(self->line_stamp)) {
            PyErr_SetString(PyExc_ValueError, "a probe record names a line the grid lacks");
            return -1;
        }
        long long stamp = PyLong_AsLongLong(PyList_GET_ITEM(self->line_stamp, lines[i]));
        if (stamp == -1 && PyErr_Occurred())
            return -1;
        if (stamp > latest)
            latest = stamp;
    }
    return latest;
}

/* A new probe record (Prober.probe's): (proven as bytes of array('I'), the filled way's
 * deductions, the empty way's, the lines looked at as bytes of array('H'), each once, and
 * the tick), or NULL on an error. */
static PyObject *
probe_record(PropagatorObject *self, const LongVec *proven, const Py_ssize_t deduced[3],
             long long tick)
{
    Py_ssize_t nlines = self->nlines, count = PyList_GET_SIZE(self->visited);
    PyObject *proven_bytes = PyBytes_FromStringAndSize(NULL, proven->size * 4);
    PyObject *looked = PyBytes_FromStringAndSize(NULL, count * 2);
    unsigned char *seen = PyMem_Calloc((size_t)nlines + 1, 1);
    PyObject *record = NULL;
    if (proven_bytes == NULL || looked == NULL || seen == NULL) {
        if (seen == NULL)
            PyErr_NoMemory();
        goto done;
    }
    uint32_t *words = (uint32_t *)PyBytes_AS_STRING(proven_bytes);
    for (Py_ssize_t i = 0; i < proven->size; i++)
        words[i] = (uint32_t)proven->data[i];
    uint16_t *lines = (uint16_t *)PyBytes_AS_STRING(looked);
    Py_ssize_t kept = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t line = PyLong_AsSsize_t(PyList_GET_ITEM(self->visited, i));
        if (line < 0 || line >= nlines) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a visited line the grid lacks");
            goto done;
        }
        if (!seen[line]) {
            seen[line] = 1;
            lines[kept++] = (uint16_t)line;
        }
    }
    if (_PyBytes_Resize(&looked, kept * 2) < 0)
        goto done;
    record = Py_BuildValue("OnnOL", proven_bytes, deduced[1], deduced[2], looked, tick);
done:
    Py_XDECREF(proven_bytes);
    Py_XDECREF(looked);
    PyMem_Free(seen);
    return record;
}

/* What probe_scan's array('q') holds, read at the start and written back before it returns
 * (an error included): the engine's counts (unknown, countdown, probes, the line solver's
 * hits to add), then the round's state (the next candidate's position, fruitless probes in
 * a row, the best branch so far: its variable or -1, its first code, its score; 1 when the
 * last variable looked at was probed afresh, the engine's after_probe). */
enum {
    SCAN_UNKNOWN,
    SCAN_COUNTDOWN,
    SCAN_PROBES,
    SCAN_HITS,
    SCAN_POSITION,
    SCAN_FRUITLESS,
    SCAN_BEST,
    SCAN_FIRST,
    SCAN_WEIGHT,
    SCAN_LEAST,
    SCAN_MOST,
    SCAN_AFTER_PROBE,
    SCAN_SLOTS_USED
};
_Static_assert((int)SCAN_SLOTS_USED == (int)SCAN_SLOTS, "the scan's slots: engine_probe's");
_Static_assert((int)SCAN_UNKNOWN == (int)PAIR_UNKNOWN && (int)SCAN_HITS == (int)PAIR_HITS,
               "the scan's counts are a pair's (pair_write_back)");

/* probe_scan(candidates, depth, tick, prefer_richer, patience, pause, records, scan,
 * check_clock, broken_box) -> (event, proven): Prober._probe_round_python's loop over one
 * round's candidates (array('q'), from scan[SCAN_POSITION] on) for an engine no one watches:
 * known variables skipped, a record reused while the lines it looked at keep their stamps,
 * else both ways probed (probe_both) and the record kept in ``records``; a record proving
 * nothing scores its variable as a branch (the lines' weights, then the lesser and the
 * greater way's deductions). It returns (SCAN_FOUND, proven bytes) at the first variable
 * whose record proves cells (the position then past it: the engine sets them and calls
 * again), (SCAN_CONTRADICTION, None) when both ways of a probe contradict,
 * (SCAN_PAUSED, None) after ``pause`` fresh probes (the engine may hand over a heartbeat),
 * or (SCAN_END, None) at the round's end or after ``patience`` fruitless probes in a row. */
static PyObject *
propagator_probe_scan(PropagatorObject *self, PyObject *args)
{
    PyObject *candidates_obj, *records, *scan_obj, *check_clock, *broken_box;
    int depth, prefer_richer;
    long long tick, patience, pause;
    if (!PyArg_ParseTuple(args, "OiLiLLO!OOO", &candidates_obj, &depth, &tick, &prefer_richer,
                          &patience, &pause, &PyDict_Type, &records, &scan_obj, &check_clock,
                          &broken_box))
        return NULL;
    if (!PyList_Check(broken_box) || PyList_GET_SIZE(broken_box) != 1 ||
        !PyCallable_Check(check_clock)) {
        PyErr_SetString(PyExc_TypeError, "probe_scan takes the engine's clock check and a "
                                         "one-item list");
        return NULL;
    }
    Py_buffer candidates_view, scan_view;
    if (PyObject_GetBuffer(candidates_obj, &candidates_view, PyBUF_FORMAT) < 0)
        return NULL;
    if (PyObject_GetBuffer(scan_obj, &scan_view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&candidates_view);
        return NULL;
    }
    PyObject *answer = NULL;
    LongVec proven = {NULL, 0, 0};
    if (candidates_view.format == NULL || strcmp(candidates_view.format, "q") != 0 ||
        scan_view.format == NULL || strcmp(scan_view.format, "q") != 0 ||
        scan_view.len != SCAN_SLOTS * (Py_ssize_t)sizeof(long long)) {
        PyErr_SetString(PyExc_TypeError, "probe_scan takes array('q') candidates and scan");
        goto release;
    }
    if (analysis_scratch(self) < 0)
        goto release;
    long long *scan = (long long *)scan_view.buf;
    const long long *candidates = (const long long *)candidates_view.buf;
    Py_ssize_t count = candidates_view.len / (Py_ssize_t)sizeof(long long);
    const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
    Counters c = {0};
    c.unknown = scan[SCAN_UNKNOWN];
    c.countdown = scan[SCAN_COUNTDOWN];
    long long probes = scan[SCAN_PROBES], fresh = 0;
    Py_ssize_t position = (Py_ssize_t)scan[SCAN_POSITION];
    int event = SCAN_END;
    PyObject *found = NULL;
    for (; position < count; position++) {
        Py_ssize_t index = (Py_ssize_t)candidates[position];
        if (index < 0 || index >= self->nvars) {
            PyErr_SetString(PyExc_ValueError, "a candidate the grid lacks");
            goto error;
        }
        if (cells[index])
            continue;
        if (fresh >= pause) {
            event = SCAN_PAUSED;
            break;
        }
        Py_ssize_t x, y, plane;
        var_place(self, index, &x, &y, &plane);
        PyObject *key = PyLong_FromSsize_t(index);
        if (key == NULL)
            goto error;
        PyObject *record = PyDict_GetItemWithError(records, key); /* borrowed */
        if (record == NULL && PyErr_Occurred()) {
            Py_DECREF(key);
            goto error;
        }
        if (record != NULL) {
            if (!PyTuple_Check(record) || PyTuple_GET_SIZE(record) != 5 ||
                !PyBytes_Check(PyTuple_GET_ITEM(record, 0)) ||
                !PyBytes_Check(PyTuple_GET_ITEM(record, 3))) {
                Py_DECREF(key);
                PyErr_SetString(PyExc_TypeError, "not a probe record");
                goto error;
            }
            long long latest = latest_stamp(self, PyTuple_GET_ITEM(record, 3));
            long long made = PyLong_AsLongLong(PyTuple_GET_ITEM(record, 4));
            if (latest < 0 || (made == -1 && PyErr_Occurred())) {
                Py_DECREF(key);
                goto error;
            }
            if (made < latest)
                record = NULL;
        }
        if (record == NULL) {
            if (PyList_SetSlice(self->visited, 0, PyList_GET_SIZE(self->visited), NULL) < 0 ||
                append_long(self->visited, y) < 0 ||
                append_long(self->visited, self->height + x) < 0) {
                Py_DECREF(key);
                goto error;
            }
            Py_ssize_t deduced[3];
            int held = probe_both(self, index, depth, check_clock, broken_box, &c, &probes,
                                  &proven, deduced);
            fresh++;
            scan[SCAN_AFTER_PROBE] = 1;
            if (held <= 0) {
                Py_DECREF(key);
                if (held < 0)
                    goto error;
                event = SCAN_CONTRADICTION;
                break;
            }
            PyObject *made = probe_record(self, &proven, deduced, tick);
            int failed = made == NULL || PyDict_SetItem(records, key, made) < 0;
            Py_XDECREF(made); /* the dict holds it */
            if (failed) {
                Py_DECREF(key);
                goto error;
            }
            record = made;
            scan[SCAN_FRUITLESS] = proven.size ? 0 : scan[SCAN_FRUITLESS] + 1;
        }
        Py_DECREF(key);
        PyObject *proven_bytes = PyTuple_GET_ITEM(record, 0);
        if (PyBytes_GET_SIZE(proven_bytes)) {
            found = Py_NewRef(proven_bytes);
            event = SCAN_FOUND;
            position++;
            break;
        }
        long long filled = PyLong_AsLongLong(PyTuple_GET_ITEM(record, 1));
        long long empty = PyLong_AsLongLong(PyTuple_GET_ITEM(record, 2));
        long long weight =
            PyLong_AsLongLong(PyList_GET_ITEM(self->line_weight, y)) +
            PyLong_AsLongLong(PyList_GET_ITEM(self->line_weight, self->height + x));
        if (PyErr_Occurred())
            goto error;
        long long least = filled < empty ? filled : empty, most = filled < empty ? empty : filled;
        if (weight > scan[SCAN_WEIGHT] ||
            (weight == scan[SCAN_WEIGHT] &&
             (least > scan[SCAN_LEAST] || (least == scan[SCAN_LEAST] && most > scan[SCAN_MOST])))) {
            scan[SCAN_WEIGHT] = weight;
            scan[SCAN_LEAST] = least;
            scan[SCAN_MOST] = most;
            int richer = filled >= empty ? CELL_FILLED : CELL_EMPTY;
            int first = prefer_richer ? richer : CELL_FILLED + CELL_EMPTY - richer;
            scan[SCAN_BEST] = index;
            scan[SCAN_FIRST] = self->planes > 1 ? CELL_FILLED : first; /* a colour guess */
        }
        if (scan[SCAN_FRUITLESS] >= patience) {
            position = count; /* the next round (or the branch) starts from fruitful cells */
            break;
        }
    }
    scan[SCAN_POSITION] = position;
    pair_write_back(scan, &c, probes);
    answer = Py_BuildValue("iN", event, found != NULL ? found : Py_NewRef(Py_None));
    goto release;
error:
    /* the counts so far, under the error already set (a timeout ends the search) */
    pair_write_back(scan, &c, probes);
release:
    PyMem_Free(proven.data);
    PyBuffer_Release(&candidates_view);
    PyBuffer_Release(&scan_view);
    return answer;
}

#endif /* HANJIE_KERNEL_PROBE_H */
