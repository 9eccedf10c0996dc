/* Lookahead probes, compiled: the twin of Lookahead._probe_pair_python (engine_lookahead.py)
 * for an engine no one watches. Part of the compiled kernel (included by _kernel_propagate.h).
 *
 * probe_pair() tries one unknown cell filled, then empty, each as a choice one deeper: it
 * sets the cell, propagates to the end (looking at the clock every CLOCK_EVERY lines through
 * the engine's _check_clock, whose EngineTimeout comes out of the call) and undoes the way,
 * noting how many cells each way set and which cells both ways set alike. A way that
 * contradicts is left on the board (its choice open) for the engine to learn from, as the
 * Python twin leaves it; so is nothing else. The engine's counts (unknown cells, the clock's
 * countdown, probes, cache hits) are read at the start and written back before it returns.
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
        if (c->due) {
            PyObject *done = PyObject_CallNoArgs(check_clock);
            if (done == NULL) {
                Py_XDECREF(a);
                return -1;
            }
            Py_DECREF(done);
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

/* NogoodStore.undo_to(mark). */
static int
store_undo_to(PropagatorObject *self, Py_ssize_t mark)
{
    StoreObject *store = (StoreObject *)self->store;
    if (store->head > mark)
        store->head = mark;
    return 0;
}

/* probe_pair(index, choices, counts, check_clock, broken_box) -> (PAIR_BROKE, code, bad,
 * mark): the way ``code`` contradicted (bad: the line, or BROKEN_RULE with the broken nogood
 * in broken_box[0]), left on the board from trail length mark; (PAIR_SOLVED, code, 0, 0):
 * that way completed the grid (undone); (PAIR_BOTH, cells filled set, cells empty set,
 * agreed): both ways held (undone), agreed the trail entries both set, in order. The
 * engine's objects come by position: its open choices (a list, worked in place), its counts
 * (array('q') of unknown, countdown, probes and the line solver's hits to add: read, then
 * written back, an error included) and its clock check (called every CLOCK_EVERY lines; it
 * may raise). No names cross. */
static PyObject *
propagator_probe_pair(PropagatorObject *self, PyObject *args)
{
    PyObject *choices, *counts_obj, *check_clock, *broken_box;
    Py_ssize_t index;
    if (!PyArg_ParseTuple(args, "nOOOO", &index, &choices, &counts_obj, &check_clock,
                          &broken_box))
        return NULL;
    Py_ssize_t cells = self->nvars;
    if (index < 0 || index >= cells || ((unsigned char *)self->cells_view.buf)[index]) {
        PyErr_SetString(PyExc_ValueError, "probe an unknown cell of the grid");
        return NULL;
    }
    if (!PyList_Check(choices) || !PyList_Check(broken_box) || PyList_GET_SIZE(broken_box) != 1 ||
        !PyCallable_Check(check_clock)) {
        PyErr_SetString(PyExc_TypeError, "probe_pair takes the engine's choices, counts, clock "
                                         "check and a one-item list");
        return NULL;
    }
    Py_buffer counts_view;
    if (PyObject_GetBuffer(counts_obj, &counts_view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return NULL;
    if (counts_view.format == NULL || strcmp(counts_view.format, "q") != 0 ||
        counts_view.len != PAIR_COUNTS * (Py_ssize_t)sizeof(long long)) {
        PyBuffer_Release(&counts_view);
        PyErr_SetString(PyExc_TypeError, "the pair counts must be array('q') of 4");
        return NULL;
    }
    long long *pair = (long long *)counts_view.buf;
    if (analysis_scratch(self) < 0) {
        PyBuffer_Release(&counts_view);
        return NULL;
    }
    Counters c = {0};
    c.unknown = pair[PAIR_UNKNOWN];
    c.countdown = pair[PAIR_COUNTDOWN];
    long long probes = pair[PAIR_PROBES];
    Py_INCREF(choices);
    PyObject *trail = self->trail;
    Py_ssize_t x, y, plane;
    var_place(self, index, &x, &y, &plane);
    Py_ssize_t counts[3] = {0, 0, 0};
    unsigned int now = next_generation(self->mark_gen, &self->mark_now, cells);
    LongVec agreed = {NULL, 0, 0};
    PyObject *answer = NULL;
    for (int code = 1; code <= 2; code++) {
        Py_ssize_t mark = PyList_GET_SIZE(trail);
        PyObject *choice = Py_BuildValue("nnin", x, y, CELL_FILLED + CELL_EMPTY - code, mark);
        if (choice == NULL || PyList_Append(choices, choice) < 0) {
            Py_XDECREF(choice);
            goto error;
        }
        Py_DECREF(choice);
        probes += 1;
        if (PyList_SetSlice(self->visited, 0, PyList_GET_SIZE(self->visited), NULL) < 0)
            goto error;
        int depth = (int)PyList_GET_SIZE(choices);
        if (place(self, index, code, DECIDED, -1, depth, 1, 1, 1, &c) < 0)
            goto error;
        Py_ssize_t line = -1;
        int event = probe_propagate(self, check_clock, broken_box, depth, &c, &line);
        if (event < 0)
            goto error;
        if (event != EV_DONE) {
            pair_write_back(pair, &c, probes);
            answer = Py_BuildValue("iinn", PAIR_BROKE, code,
                                   event == EV_LINE_CONFLICT ? line : (Py_ssize_t)BROKEN_RULE,
                                   mark);
            goto done;
        }
        Py_ssize_t length = PyList_GET_SIZE(trail);
        counts[code] = length - mark;
        for (Py_ssize_t at = mark + 1; at < length; at++) {
            long entry = trail_entry(self, at);
            Py_ssize_t cell = entry >> CODE_BITS;
            if (code == 1) {
                self->mark_gen[cell] = now;
                self->probe_code[cell] = (unsigned char)(entry & CODE_MASK);
            }
            else if (self->mark_gen[cell] == now && self->probe_code[cell] == (entry & CODE_MASK) &&
                     vec_push(&agreed, entry) < 0)
                goto error;
        }
        int solved = c.unknown == 0;
        if (store_undo_to(self, mark) < 0)
            goto error;
        c.unknown += length - mark;
        if (undo_core(self, mark, 0, NULL, NULL) < 0)
            goto error;
        Py_ssize_t open = PyList_GET_SIZE(choices);
        if (PyList_SetSlice(choices, open - 1, open, NULL) < 0)
            goto error;
        if (solved) {
            pair_write_back(pair, &c, probes);
            answer = Py_BuildValue("iiii", PAIR_SOLVED, code, 0, 0);
            goto done;
        }
    }
    pair_write_back(pair, &c, probes);
    if (agreed.size > 48)
        qsort(agreed.data, (size_t)agreed.size, sizeof(long), ascending);
    else /* the usual few: an insertion sort (qsort's calls cost more at this size) */
        for (Py_ssize_t i = 1; i < agreed.size; i++) {
            long moving = agreed.data[i];
            Py_ssize_t j = i;
            for (; j > 0 && agreed.data[j - 1] > moving; j--)
                agreed.data[j] = agreed.data[j - 1];
            agreed.data[j] = moving;
        }
    PyObject *list = PyList_New(agreed.size);
    if (list == NULL)
        goto error;
    for (Py_ssize_t i = 0; i < agreed.size; i++) {
        PyObject *entry = entry_object(self, agreed.data[i]);
        if (entry == NULL) {
            Py_DECREF(list);
            goto error;
        }
        PyList_SET_ITEM(list, i, entry);
    }
    answer = Py_BuildValue("innN", PAIR_BOTH, counts[1], counts[2], list);
    goto done;
error:
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "a probe failed");
    /* the counts so far, under the error already set (a timeout ends the search) */
    pair_write_back(pair, &c, probes);
done:
    PyMem_Free(agreed.data);
    Py_DECREF(choices);
    PyBuffer_Release(&counts_view);
    return answer;
}

/* Where a cell stands among cells of equal score (engine_lookahead.tie_keys, its twin): a
 * fixed scramble of the cells' order, so ties go neither to the top left nor to whichever
 * cells a selection algorithm happens to leave in front. */
static inline unsigned long long
tie_key(Py_ssize_t index)
{
    return ((unsigned long long)index * 2654435761ULL) & 0xFFFFFFFFULL;
}

/* candidates(activity, count) -> the ``count`` unknown cells (fewer when fewer are unknown)
 * with the highest branching score, best first: Lookahead._lookahead_candidates's twin.
 * A cell's score is its activity times 1e6 plus its row's and its column's weight (floats,
 * added in that order, as numpy adds them); equal scores go by tie_key. */
static PyObject *
propagator_candidates(PropagatorObject *self, PyObject *args)
{
    PyObject *activity_obj;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "On", &activity_obj, &count))
        return NULL;
    Py_ssize_t height = self->height, cells = self->nvars;
    PyObject *weights = PyTuple_GET_ITEM(self->engine_refs, 11); /* line_weight */
    if (!PyList_Check(weights) || PyList_GET_SIZE(weights) != self->nlines) {
        PyErr_SetString(PyExc_TypeError, "line_weight must be a list, one weight a line");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(activity_obj, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    if (view.len != cells * (Py_ssize_t)sizeof(double)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "one activity (a double) a cell");
        return NULL;
    }
    const double *activity = (const double *)view.buf;
    const unsigned char *codes = (const unsigned char *)self->cells_view.buf;
    if (count > cells)
        count = cells;
    if (count < 0)
        count = 0;
    double *weight = PyMem_Malloc(sizeof(double) * (size_t)(self->nlines + 1));
    Py_ssize_t *best = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(count + 1));
    double *best_score = PyMem_Malloc(sizeof(double) * (size_t)(count + 1));
    PyObject *answer = NULL;
    if (weight == NULL || best == NULL || best_score == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < self->nlines; i++) {
        weight[i] = PyLong_AsDouble(PyList_GET_ITEM(weights, i));
        if (weight[i] == -1.0 && PyErr_Occurred())
            goto done;
    }
    Py_ssize_t kept = 0;
    for (Py_ssize_t index = 0; index < cells && count; index++) {
        if (codes[index])
            continue;
        Py_ssize_t x, y, plane;
        var_place(self, index, &x, &y, &plane);
        double tie = weight[y] + weight[height + x];
        double score = activity[index] * 1e6 + tie;
        unsigned long long key = tie_key(index);
        if (kept == count) {
            double last = best_score[kept - 1];
            if (score < last || (score == last && key > tie_key(best[kept - 1])))
                continue;
            kept--; /* the weakest kept cell makes room */
        }
        Py_ssize_t at = kept;
        while (at > 0 && (best_score[at - 1] < score ||
                          (best_score[at - 1] == score && tie_key(best[at - 1]) > key))) {
            best[at] = best[at - 1];
            best_score[at] = best_score[at - 1];
            at--;
        }
        best[at] = index;
        best_score[at] = score;
        kept++;
    }
    answer = PyList_New(kept);
    if (answer == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < kept; i++) {
        PyObject *number = PyLong_FromSsize_t(best[i]);
        if (number == NULL) {
            Py_CLEAR(answer);
            goto done;
        }
        PyList_SET_ITEM(answer, i, number);
    }
done:
    PyMem_Free(weight);
    PyMem_Free(best);
    PyMem_Free(best_score);
    PyBuffer_Release(&view);
    return answer;
}

#endif /* HANJIE_KERNEL_PROBE_H */
