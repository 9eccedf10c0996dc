/* The engine's propagation loop, compiled: the twin of LinePropagation.propagate
 * (engine_propagate.py) and NogoodStore.propagate (nogoods.py), included by _kernel.c.
 *
 * A Propagator is made once per engine from the engine's own objects (the rows and columns,
 * the flat grid, the per-cell arrays, the trail, the queue, the line caches, the nogood
 * store) and works on them in place, so the Python search around it (probing, learning,
 * undo) reads and writes the same state whichever propagation ran: the results, the
 * statistics and the step stream are those of the Python loop, which stays the reference.
 *
 * run() solves queued lines and looks at the learned nogoods' watches until the queue is dry
 * or something breaks. When the engine is watched it stops at every event that makes a step
 * (a line that gave cells, a cell a nogood forced, a heartbeat), so the Python side builds
 * that step from the trail; unwatched it goes on to the end and only a contradiction, the
 * end or the clock stops it.
 */
#ifndef HANJIE_KERNEL_PROPAGATE_H
#define HANJIE_KERNEL_PROPAGATE_H

#include "_kernel_state.h"
#include "_kernel_cache.h"
#include "_kernel_nogoods.h"
#include "_kernel_line_api.h"


static int
append_long(PyObject *list, Py_ssize_t value)
{
    PyObject *number = PyLong_FromSsize_t(value);
    if (number == NULL)
        return -1;
    int failed = PyList_Append(list, number);
    Py_DECREF(number);
    return failed;
}

/* The line solver's counts and limits (its array, LineSolver.counts), read at the start of a
 * run and written back at its end (and around a call into Python's solve_uncached). */
static int
read_solver(PropagatorObject *self, Counters *c)
{
    const long long *counts = (const long long *)self->counts_view.buf;
    c->solved = counts[LINE_SOLVED];
    c->size = counts[LINE_SIZE];
    c->limit = counts[LINE_LIMIT];
    c->clue_limit = counts[LINE_CLUE_LIMIT];
    return 0;
}

static int
flush_solver(PropagatorObject *self, Counters *c)
{
    long long *counts = (long long *)self->counts_view.buf;
    counts[LINE_SOLVED] = c->solved;
    counts[LINE_SIZE] = c->size;
    return 0;
}

/* A new outcome ``packed`` (a new reference, NULL passed on) kept in ``cache`` under ``key``
 * as LineSolver.solve_uncached keeps it: a clue's cache emptied at clue_limit, else the
 * largest one when all of them hold limit. Returns ``packed``. */
static PyObject *
keep_outcome(PropagatorObject *self, PyObject *key, PyObject *cache, PyObject *packed,
             Counters *c)
{
    if (packed == NULL)
        return NULL;
    if (PyDict_GET_SIZE(cache) >= c->clue_limit) {
        c->size -= PyDict_GET_SIZE(cache);
        PyDict_Clear(cache);
    }
    else if (c->size >= c->limit) {
        PyObject *caches = self->line_caches;
        PyObject *largest = NULL, *each;
        Py_ssize_t at = 0, most = -1;
        while (PyDict_Next(caches, &at, NULL, &each)) {
            Py_ssize_t size = PyObject_Length(each);
            if (size > most) { /* max() keeps the first of equals */
                most = size;
                largest = each;
            }
        }
        if (largest != NULL && PyDict_Check(largest)) {
            c->size -= most;
            PyDict_Clear(largest);
        }
    }
    if (PyDict_SetItem(cache, key, packed) < 0) {
        Py_DECREF(packed);
        return NULL;
    }
    c->size += 1;
    return packed;
}

/* LineSolver.solve_uncached for a line of at most WORD_LINE cells, on forced_word: the same
 * outcome, the same count and the same cache keeping (a clue's cache emptied at clue_limit,
 * the largest one when all of them hold limit). A new reference. */
static PyObject *
solve_word_uncached(PropagatorObject *self, Py_ssize_t line_id, Py_ssize_t length,
                    Py_ssize_t k, PyObject *key, PyObject *cache, Counters *c)
{
    c->solved += 1;
    uint64_t forced_filled, forced_empty;
    PyObject *packed;
    if (!forced_word(self->runs + self->run_at[line_id], k, self->line_data[line_id],
                     (int)length, &forced_filled, &forced_empty))
        packed = Py_NewRef(Py_None);
    else
        packed = pack_word(forced_filled, forced_empty);
    return keep_outcome(self, key, cache, packed, c);
}

/* LineSolver.solve_uncached for a colour line, on plane_outcome: the same outcome, count and
 * cache keeping as the Python twin (PlaneLineSolver.packed). A new reference. */
static PyObject *
solve_plane_uncached(PropagatorObject *self, Py_ssize_t line_id, Py_ssize_t length,
                     Py_ssize_t k, PyObject *key, PyObject *cache, Counters *c)
{
    c->solved += 1;
    Py_ssize_t at = self->run_at[line_id];
    PyObject *packed = plane_outcome(self->runs + at, self->run_colours + at, k,
                                     self->line_data[line_id], length, (int)self->planes);
    return keep_outcome(self, key, cache, packed, c);
}


/* run(probe, depth, count_rounds, stamping, watching, unknown, tick, countdown, rounds, quiet)
 * -> (event, a, b, c, unknown, tick, countdown, rounds, quiet, hits, due)
 *
 * event EV_LINE_CONFLICT: a the line; EV_RULE_BROKEN: a the nogood; EV_RULE_FORCED: a the
 * trail entry, b the nogood's size; EV_LINE_DEDUCED: a the line, b the trail length before
 * its cells, c how many it filled. due: the looks at the clock owed to the engine's
 * _check_clock (its countdown ran out, and the credit it gave is spent), else 0. */
static int
run_loop(PropagatorObject *self, int probe, int depth, int count_rounds, int stamping,
         int watching, Counters *counters, PyObject **a_out, long long *b_out, long long *c_out)
{
    Counters c = *counters;
    unsigned char *queued = (unsigned char *)self->queued_view.buf;
    Py_ssize_t height = self->height, width = self->width, planes = self->planes;
    int event = EV_DONE;
    PyObject *a = NULL;
    long long b = 0, cc = 0;
    if (read_solver(self, &c) < 0)
        return -1;
    StoreObject *store = (StoreObject *)self->store;
    Py_ssize_t head = store->head;
    int any_nogoods = store->live.size > 0;
    for (;;) {
        if (head < PyList_GET_SIZE(self->trail)) {
            if (any_nogoods) {
                long entry = 0;
                int id = -1;
                int found = nogood_propagate(self, store, &head, depth, &c, &entry, &id);
                if (found < 0)
                    goto error;
                if (found == 1) {
                    if (stamping) {
                        Py_ssize_t x, y, plane;
                        var_place(self, entry >> CODE_BITS, &x, &y, &plane);
                        c.tick += 1;
                        if (set_list_long(self->line_stamp, y, c.tick) < 0 ||
                            set_list_long(self->line_stamp, height + x, c.tick) < 0)
                            goto error;
                    }
                    if (watching) {
                        b = store->size[id];
                        event = EV_RULE_FORCED;
                        a = entry_object(self, entry);
                        break;
                    }
                    continue;
                }
                if (found == 2) {
                    if (clear_queue(self, queued) < 0)
                        goto error;
                    event = EV_RULE_BROKEN;
                    a = PyLong_FromLong(id);
                    break;
                }
            }
            else
                head = PyList_GET_SIZE(self->trail);
        }
        if (self->queue_length == 0)
            break;
        Py_ssize_t line_id = pop_line(self, queued);
        int is_row = line_id < height;
        Py_ssize_t length = is_row ? self->row_length : self->column_length;
        /* The outcome: a packed one (line.pack_outcome) in raw, from the caches here
         * (_kernel_cache.h) or the solver's dicts (outcome then holds its bytes). */
        PyObject *outcome = NULL;
        unsigned char own[1 + WORD_LINE];
        const unsigned char *raw = own;
        Py_ssize_t values = 1;
        int wide = 0, fits = 1;
        if (self->own_caches) {
            uint64_t forced_filled = 0, forced_empty = 0;
            if (self->queue_length) {
                Py_ssize_t next = self->queue[self->queue_head];
                cache_prefetch(self, next, (int)(next < height ? width : height));
            }
            fits = cache_solve(self, line_id, (int)length, &c, &forced_filled, &forced_empty);
            if (fits < 0)
                goto error;
            own[0] = 0;
            for (uint64_t rest = forced_filled; rest; rest &= rest - 1) {
                own[values++] = (unsigned char)lowest_bit(rest);
                own[0] += 1;
            }
            for (uint64_t rest = forced_empty; rest; rest &= rest - 1)
                own[values++] = (unsigned char)lowest_bit(rest);
        }
        else {
            PyObject *key =
                PyBytes_FromStringAndSize((const char *)self->line_data[line_id], length);
            if (key == NULL)
                goto error;
            PyObject *cache = PyList_GET_ITEM(self->caches, line_id);
            outcome = PyDict_GetItemWithError(cache, key);
            if (outcome != NULL) {
                Py_INCREF(outcome);
                c.hits += 1;
            }
            else if (!PyErr_Occurred()) {
                Py_ssize_t k = self->run_at[line_id + 1] - self->run_at[line_id];
                if (planes == 1 && length <= WORD_LINE && k <= SMALL_RUNS)
                    outcome = solve_word_uncached(self, line_id, length, k, key, cache, &c);
                else if (planes > 1)
                    outcome = solve_plane_uncached(self, line_id, length, k, key, cache, &c);
                else {
                    if (flush_solver(self, &c) < 0) {
                        Py_DECREF(key);
                        goto error;
                    }
                    outcome = PyObject_CallFunctionObjArgs(self->solve_uncached,
                                                           PyList_GET_ITEM(self->clues, line_id),
                                                           key, cache, NULL);
                    if (outcome != NULL && read_solver(self, &c) < 0)
                        Py_CLEAR(outcome);
                }
            }
            Py_DECREF(key);
            if (outcome == NULL)
                goto error;
            fits = outcome != Py_None;
            if (fits && !PyBytes_Check(outcome)) {
                Py_DECREF(outcome);
                PyErr_SetString(PyExc_TypeError, "a line outcome must be bytes or None");
                goto error;
            }
            if (fits) {
                wide = length >= WIDE_LINE;
                values = PyBytes_GET_SIZE(outcome) / (wide ? 2 : 1);
                raw = (const unsigned char *)PyBytes_AS_STRING(outcome);
            }
        }
        if (probe && !c.skip_visited && append_long(self->visited, line_id) < 0) {
            Py_XDECREF(outcome);
            goto error;
        }
        c.countdown -= 1;
        if (!c.countdown) {
            c.countdown = CLOCK_EVERY;
            if (self->clock_credit > 0) { /* a look the engine said nothing can happen at */
                self->clock_credit -= 1;
                self->clock_owed += 1;
            }
            else {
                c.due = self->clock_owed + 1;
                self->clock_owed = 0;
            }
        }
        if (!fits) {
            Py_XDECREF(outcome);
            PyObject *weight = PyList_GET_ITEM(self->line_weight, line_id);
            long long now = PyLong_AsLongLong(weight);
            if (set_list_long(self->line_weight, line_id, now + 1) < 0)
                goto error;
            if (clear_queue(self, queued) < 0)
                goto error;
            event = EV_LINE_CONFLICT;
            a = PyLong_FromSsize_t(line_id);
            break;
        }
#define VALUE(i) (wide ? (Py_ssize_t)((const uint16_t *)raw)[i] : (Py_ssize_t)raw[i])
        if (values == 1) {
            Py_XDECREF(outcome);
            c.quiet += 1;
            if (c.quiet >= HEARTBEAT_LINES) {
                c.quiet = 0;
                if (watching) {
                    event = EV_HEARTBEAT;
                    break;
                }
            }
            if (c.due) {
                event = EV_CLOCK;
                break;
            }
            continue;
        }
        c.quiet = 0;
        Py_ssize_t filled = VALUE(0);
        long long this_round = self->line_round[line_id];
        if (count_rounds && this_round > c.rounds)
            c.rounds = this_round;
        if (stamping) {
            c.tick += 1;
            if (set_list_long(self->line_stamp, line_id, c.tick) < 0) {
                Py_XDECREF(outcome);
                goto error;
            }
        }
        Py_ssize_t solved_at = PyList_GET_SIZE(self->trail);
        for (Py_ssize_t i = 1; i < values; i++) {
            Py_ssize_t at = VALUE(i);
            int code = i <= filled ? 1 : 2;
            Py_ssize_t x, y, plane = 0, index;
            if (planes == 1) {
                x = is_row ? at : line_id - height;
                y = is_row ? line_id : at;
                index = y * width + x;
            }
            else if (is_row) {
                x = at / planes;
                y = line_id;
                plane = at - x * planes;
                index = y * self->row_length + at;
            }
            else {
                x = line_id - height;
                y = at / planes;
                plane = at - y * planes;
                index = y * self->row_length + x * planes + plane;
            }
            if (at < 0 || at >= length ||
                place_at(self, index, x, y, plane, code, (int)line_id, (int)solved_at, depth,
                         !is_row, is_row, this_round + 1, &c) < 0) {
                Py_XDECREF(outcome);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a line outcome out of range");
                goto error;
            }
            if (stamping &&
                set_list_long(self->line_stamp, is_row ? height + x : y, c.tick) < 0) {
                Py_XDECREF(outcome);
                goto error;
            }
        }
#undef VALUE
        Py_XDECREF(outcome);
        if (watching) {
            event = EV_LINE_DEDUCED;
            a = PyLong_FromSsize_t(line_id);
            b = solved_at;
            cc = filled;
            break;
        }
        if (c.due) {
            event = EV_CLOCK;
            break;
        }
    }
    if (event != EV_DONE && event != EV_HEARTBEAT && event != EV_CLOCK && a == NULL)
        goto error;
    store->head = head;
    *counters = c;
    if (flush_solver(self, &c) < 0) {
        Py_XDECREF(a);
        return -1;
    }
    *a_out = a;
    *b_out = b;
    *c_out = cc;
    return event;
error:
    *counters = c;
    flush_solver(self, &c); /* the counts so far, under the error already set */
    Py_XDECREF(a);
    return -1;
}

static PyObject *
propagator_run(PropagatorObject *self, PyObject *args)
{
    int probe, depth, count_rounds, stamping, watching;
    Counters c = {0};
    if (!PyArg_ParseTuple(args, "pippp" "LLLLL", &probe, &depth, &count_rounds, &stamping,
                          &watching, &c.unknown, &c.tick, &c.countdown, &c.rounds, &c.quiet))
        return NULL;
    PyObject *a = NULL;
    long long b = 0, cc = 0;
    int event = run_loop(self, probe, depth, count_rounds, stamping, watching, &c, &a, &b, &cc);
    if (event < 0)
        return NULL;
    if (a == NULL)
        a = Py_NewRef(Py_None);
    return Py_BuildValue("iNLLLLLLLLL", event, a, b, cc, c.unknown, c.tick, c.countdown,
                         c.rounds, c.quiet, c.hits, c.due);
}

/* clock_credit(looks): the looks at the clock that may pass before the engine's _check_clock
 * must be called again (what it returned after run() said one was due). */
static PyObject *
propagator_clock_credit(PropagatorObject *self, PyObject *args)
{
    long long looks;
    if (!PyArg_ParseTuple(args, "L", &looks))
        return NULL;
    self->clock_credit = looks > 0 ? looks : 0;
    Py_RETURN_NONE;
}

/* Call the engine's clock check for the ``due`` looks owed (c->due), taking the credit it
 * returns; 0, or -1 with its error (EngineTimeout among them). */
static int
clock_looked(PropagatorObject *self, PyObject *check_clock, long long due)
{
    PyObject *credit = PyObject_CallFunction(check_clock, "L", due);
    if (credit == NULL)
        return -1;
    long long looks = PyLong_AsLongLong(credit);
    Py_DECREF(credit);
    if (looks == -1 && PyErr_Occurred())
        return -1;
    self->clock_credit = looks > 0 ? looks : 0;
    return 0;
}

#endif /* HANJIE_KERNEL_PROPAGATE_H */
