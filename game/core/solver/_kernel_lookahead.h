/* Lookahead below the root, compiled: the twin of Lookahead.lookahead's loop
 * (engine_lookahead.py) for an engine no one watches. Part of the compiled kernel (included by
 * _kernel_propagator.h after _kernel_probe.h).
 *
 * candidates() picks the cells to try; pair_core() tries one unknown cell filled, then empty,
 * each as a choice one deeper: it sets the cell, propagates to the end (looking at the clock
 * every CLOCK_EVERY lines through the engine's _check_clock, whose EngineTimeout comes out of
 * the call) and undoes the way, noting how many cells each way set and which cells both ways
 * set alike. A way that contradicts is left on the board (its choice open) for the engine to
 * learn from, as the Python twin leaves it; so is nothing else. lookahead_scan() runs the loop
 * over the candidates, keeping the best-scored cell, and hands back to the engine only what
 * needs its Python: a way that broke (learning), a way that solved, cells both ways agree on.
 * The engine's counts (unknown cells, the clock's countdown, probes, cache hits) are read at
 * the start and written back before it returns.
 */
#ifndef HANJIE_KERNEL_LOOKAHEAD_H
#define HANJIE_KERNEL_LOOKAHEAD_H

#include "_kernel_probe.h"

/* What a pair of probes found (pair_core). */
typedef struct {
    int kind;                 /* PAIR_BROKE, PAIR_SOLVED or PAIR_BOTH */
    int code;                 /* the way that broke or solved */
    Py_ssize_t bad;           /* the line that broke, or BROKEN_RULE */
    Py_ssize_t mark;          /* the trail length where the broken way starts */
    Py_ssize_t filled, empty; /* cells each way set (PAIR_BOTH) */
    LongVec agreed;           /* trail entries both ways set alike, ascending (PAIR_BOTH) */
} PairFound;

/* Lookahead._probe_pair_python's twin on the unknown variable ``index``: 0 with ``found``
 * filled (its ``agreed`` emptied first, then filled), -1 on an error (the clock's
 * EngineTimeout among them). ``c`` and ``probes`` are the engine's counts, kept up to date. */
static int
pair_core(PropagatorObject *self, Py_ssize_t index, PyObject *choices, PyObject *check_clock,
          PyObject *broken_box, Counters *c, long long *probes, PairFound *found)
{
    Py_ssize_t cells = self->nvars;
    PyObject *trail = self->trail;
    Py_ssize_t x, y, plane;
    var_place(self, index, &x, &y, &plane);
    Py_ssize_t counts[3] = {0, 0, 0};
    unsigned int now = next_generation(self->mark_gen, &self->mark_now, cells);
    found->agreed.size = 0;
    for (int code = 1; code <= 2; code++) {
        Py_ssize_t mark = PyList_GET_SIZE(trail);
        PyObject *choice = Py_BuildValue("nnin", x, y, CELL_FILLED + CELL_EMPTY - code, mark);
        if (choice == NULL || PyList_Append(choices, choice) < 0) {
            Py_XDECREF(choice);
            return -1;
        }
        Py_DECREF(choice);
        *probes += 1;
        if (PyList_SetSlice(self->visited, 0, PyList_GET_SIZE(self->visited), NULL) < 0)
            return -1;
        int depth = (int)PyList_GET_SIZE(choices);
        if (place(self, index, code, DECIDED, -1, depth, 1, 1, 1, c) < 0)
            return -1;
        Py_ssize_t line = -1;
        c->skip_visited = 1; /* no probe record is made from a lookahead probe */
        int event = probe_propagate(self, check_clock, broken_box, depth, c, &line);
        c->skip_visited = 0;
        if (event < 0)
            return -1;
        if (event != EV_DONE) {
            found->kind = PAIR_BROKE;
            found->code = code;
            found->bad = event == EV_LINE_CONFLICT ? line : (Py_ssize_t)BROKEN_RULE;
            found->mark = mark;
            return 0;
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
                     vec_push(&found->agreed, entry) < 0)
                return -1;
        }
        int solved = c->unknown == 0;
        if (store_undo_to(self, mark) < 0)
            return -1;
        c->unknown += length - mark;
        if (undo_core(self, mark, 0, NULL, NULL) < 0)
            return -1;
        Py_ssize_t open = PyList_GET_SIZE(choices);
        if (PyList_SetSlice(choices, open - 1, open, NULL) < 0)
            return -1;
        if (solved) {
            found->kind = PAIR_SOLVED;
            found->code = code;
            return 0;
        }
    }
    found->kind = PAIR_BOTH;
    found->filled = counts[1];
    found->empty = counts[2];
    sort_entries(&found->agreed);
    return 0;
}

/* The trail entries of ``found``'s agreed cells as a list of ints (a new reference). */
static PyObject *
agreed_list(PropagatorObject *self, const PairFound *found)
{
    PyObject *list = PyList_New(found->agreed.size);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < found->agreed.size; i++) {
        PyObject *entry = entry_object(self, found->agreed.data[i]);
        if (entry == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, entry);
    }
    return list;
}

/* The engine's choices, counts (array('q') of unknown, countdown, probes and the line
 * solver's hits to add), clock check and one-item box, checked; the counts' buffer held in
 * ``view``. 0, or -1 with an error set. */
static int
pair_arguments(PropagatorObject *self, PyObject *choices, PyObject *counts_obj,
               PyObject *check_clock, PyObject *broken_box, Py_buffer *view)
{
    if (!PyList_Check(choices) || !PyList_Check(broken_box) || PyList_GET_SIZE(broken_box) != 1 ||
        !PyCallable_Check(check_clock)) {
        PyErr_SetString(PyExc_TypeError, "lookahead takes the engine's choices, counts, clock "
                                         "check and a one-item list");
        return -1;
    }
    if (PyObject_GetBuffer(counts_obj, view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return -1;
    if (view->format == NULL || strcmp(view->format, "q") != 0 ||
        view->len != PAIR_COUNTS * (Py_ssize_t)sizeof(long long)) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, "the pair counts must be array('q') of 4");
        return -1;
    }
    if (analysis_scratch(self) < 0) {
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* lookahead_scan(candidates, start, best, best_score, choices, counts, check_clock,
 * broken_box) -> (kind, at, index, a, b, c, best, best_score): Lookahead.lookahead's loop
 * from candidates[start] on, with the best cell so far (-1 for none) and its score. Each
 * candidate still unknown is probed both ways (pair_core); both ways holding with no cell
 * they agree on, the cell's score (engine_lookahead.pair_score of the two ways' cells: the
 * fewer, plus IMBALANCE_WEIGHT times log1p of their difference) is weighed against the
 * best, a strictly higher one taking its place. Anything else comes back at once, at
 * candidates[at] = index: (PAIR_BROKE, code, bad, mark), the way ``code`` contradicted (bad:
 * the line, or BROKEN_RULE with the broken nogood in broken_box[0]), left on the board from
 * trail length mark, its choice open; (PAIR_SOLVED, code, 0, 0), that way completed the grid
 * (undone); (PAIR_BOTH, cells filled set, cells empty set, agreed), both ways held (undone)
 * and agreed, the trail entries both set, in order, is not empty (the engine sets them,
 * weighs the cell and goes on from at + 1). PAIR_DONE when the candidates are all tried. The
 * engine's objects come by position: its open choices (a list, worked in place), its counts
 * (array('q') of unknown, countdown, probes and the line solver's hits to add: read, then
 * written back, an error included), its clock check (called every CLOCK_EVERY lines; it may
 * raise) and a one-item box for a broken nogood. No names cross. */
static PyObject *
propagator_lookahead_scan(PropagatorObject *self, PyObject *args)
{
    PyObject *candidates, *choices, *counts_obj, *check_clock, *broken_box;
    Py_ssize_t start, best;
    double best_score;
    if (!PyArg_ParseTuple(args, "O!nndOOOO", &PyList_Type, &candidates, &start, &best,
                          &best_score, &choices, &counts_obj, &check_clock, &broken_box))
        return NULL;
    Py_buffer view;
    if (pair_arguments(self, choices, counts_obj, check_clock, broken_box, &view) < 0)
        return NULL;
    long long *pair = (long long *)view.buf;
    Counters c = {0};
    c.unknown = pair[PAIR_UNKNOWN];
    c.countdown = pair[PAIR_COUNTDOWN];
    long long probes = pair[PAIR_PROBES];
    PairFound found = {0};
    PyObject *answer = NULL;
    Py_INCREF(candidates);
    Py_INCREF(choices);
    const unsigned char *codes = (const unsigned char *)self->cells_view.buf;
    Py_ssize_t at = start < 0 ? 0 : start;
    int failed = 0;
    for (; at < PyList_GET_SIZE(candidates); at++) {
        Py_ssize_t index = PyLong_AsSsize_t(PyList_GET_ITEM(candidates, at));
        if (index < 0 || index >= self->nvars) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a candidate off the grid");
            failed = 1;
            break;
        }
        if (codes[index])
            continue; /* set by cells an earlier probe proved */
        if (pair_core(self, index, choices, check_clock, broken_box, &c, &probes, &found) < 0) {
            failed = 1;
            break;
        }
        if (found.kind == PAIR_BOTH && !found.agreed.size) {
            double f = (double)found.filled, e = (double)found.empty;
            double score = (f < e ? f : e) + IMBALANCE_WEIGHT * log1p(f > e ? f - e : e - f);
            if (score > best_score) {
                best_score = score;
                best = index;
            }
            continue;
        }
        pair_write_back(pair, &c, probes);
        if (found.kind == PAIR_BROKE)
            answer = Py_BuildValue("innnnnnd", PAIR_BROKE, at, index, (Py_ssize_t)found.code,
                                   found.bad, found.mark, best, best_score);
        else if (found.kind == PAIR_SOLVED)
            answer = Py_BuildValue("innniind", PAIR_SOLVED, at, index, (Py_ssize_t)found.code,
                                   0, 0, best, best_score);
        else {
            PyObject *list = agreed_list(self, &found);
            if (list != NULL)
                answer = Py_BuildValue("innnnNnd", PAIR_BOTH, at, index, found.filled,
                                       found.empty, list, best, best_score);
        }
        goto done;
    }
    /* the counts so far, under an error already set (a timeout ends the search) */
    pair_write_back(pair, &c, probes);
    if (failed) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "a probe failed");
    }
    else
        answer = Py_BuildValue("innniind", PAIR_DONE, at, (Py_ssize_t)-1, (Py_ssize_t)0, 0, 0,
                               best, best_score);
done:
    PyMem_Free(found.agreed.data);
    Py_DECREF(choices);
    Py_DECREF(candidates);
    PyBuffer_Release(&view);
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

#endif /* HANJIE_KERNEL_LOOKAHEAD_H */
