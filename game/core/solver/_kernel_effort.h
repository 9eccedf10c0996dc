/* Line logic in generations, compiled: the twin of colour_effort.ColourPlayer._propagate_python
 * (a colour puzzle solved as a player does it), on a ColourPropagator (_kernel_colour.h, which
 * includes this file) over the player's own cells and line stamps, with the same line cache.
 *
 * generations(queue, trail, count, seen, line_stamp) starts one propagation: queue the
 * (line, generation) pairs to look at first (first in, first out), trail a list for the old
 * masks (None at the top: the lines a narrowing changes are stamped and the cells each line
 * settles told), count whether generations count as rounds, seen a list for the lines looked
 * at (or None). Then
 *
 * generations_run(rounds, tick, lines, lines_solved, since_beat) -> (event, what, rounds,
 * tick, lines, lines_solved, since_beat) goes on until one of:
 *   CEV_DONE      the queue is empty (line logic is quiet);
 *   CEV_CONFLICT  no placement fits line ``what``;
 *   CEV_DEDUCED   at the top, line ``what[0]`` settled the cells what[1] ((x, y, colour), in
 *                 line order);
 *   CEV_HEARTBEAT ``heartbeat`` lines were looked at (solved or found in the cache): the
 *                 next call goes on with the line just looked at, as the pure loop does.
 */
#ifndef HANJIE_KERNEL_EFFORT_H
#define HANJIE_KERNEL_EFFORT_H

#include "_kernel_colour.h"


static void
effort_clear(ColourPropagatorObject *self)
{
    Py_CLEAR(self->eff_trail);
    Py_CLEAR(self->eff_seen);
    Py_CLEAR(self->eff_stamp);
    self->eff_count_left = 0;
    self->eff_pending = 0;
}

static PyObject *
effort_generations(ColourPropagatorObject *self, PyObject *args)
{
    PyObject *queue, *trail, *seen, *stamp;
    int count;
    if (!PyArg_ParseTuple(args, "OOpOO!", &queue, &trail, &count, &seen, &PyList_Type, &stamp))
        return NULL;
    if ((trail != Py_None && !PyList_Check(trail)) || (seen != Py_None && !PyList_Check(seen)) ||
        PyList_GET_SIZE(stamp) != self->nlines) {
        PyErr_SetString(PyExc_TypeError, "trail and seen: lists or None; a stamp a line");
        return NULL;
    }
    PyObject *items = PySequence_Fast(queue, "the queue must be a sequence of pairs");
    if (items == NULL)
        return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(items);
    Py_ssize_t capacity = size + self->nlines + 1;
    if (capacity > self->ring_cap) {
        Py_ssize_t *lines = (Py_ssize_t *)PyMem_Realloc(self->ring_line,
                                                        (size_t)capacity * sizeof(Py_ssize_t));
        if (lines != NULL)
            self->ring_line = lines;
        long *generations =
            lines == NULL ? NULL
                          : (long *)PyMem_Realloc(self->ring_gen, (size_t)capacity * sizeof(long));
        if (generations == NULL) {
            Py_DECREF(items);
            return PyErr_NoMemory();
        }
        self->ring_gen = generations;
        self->ring_cap = capacity;
    }
    if (self->eff_queued == NULL) {
        self->eff_queued = (unsigned char *)PyMem_Calloc((size_t)self->nlines, 1);
        if (self->eff_queued == NULL) {
            Py_DECREF(items);
            return PyErr_NoMemory();
        }
    }
    effort_clear(self);
    memset(self->eff_queued, 0, (size_t)self->nlines);
    self->ring_head = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_ssize_t line;
        long generation;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(items, i), "nl", &line, &generation)) {
            Py_DECREF(items);
            return NULL;
        }
        if (line < 0 || line >= self->nlines) {
            Py_DECREF(items);
            PyErr_SetString(PyExc_IndexError, "a queued line out of range");
            return NULL;
        }
        self->ring_line[i] = line;
        self->ring_gen[i] = generation;
        self->eff_queued[line] = 1;
    }
    Py_DECREF(items);
    self->eff_count_left = size;
    self->eff_count = count;
    self->eff_trail = trail == Py_None ? NULL : Py_NewRef(trail);
    self->eff_seen = seen == Py_None ? NULL : Py_NewRef(seen);
    self->eff_stamp = Py_NewRef(stamp);
    Py_RETURN_NONE;
}

static int
effort_push(ColourPropagatorObject *self, Py_ssize_t line, long generation)
{
    if (self->eff_count_left >= self->ring_cap) {
        PyErr_SetString(PyExc_RuntimeError, "the generations' queue overflowed");
        return -1;
    }
    Py_ssize_t at = (self->ring_head + self->eff_count_left) % self->ring_cap;
    self->ring_line[at] = line;
    self->ring_gen[at] = generation;
    self->eff_count_left++;
    self->eff_queued[line] = 1;
    return 0;
}

static int
effort_set_stamp(ColourPropagatorObject *self, Py_ssize_t line, long long value)
{
    PyObject *number = PyLong_FromLongLong(value);
    if (number == NULL)
        return -1;
    PyList_SetItem(self->eff_stamp, line, number);
    return 0;
}

static PyObject *
effort_run(ColourPropagatorObject *self, PyObject *args)
{
    long rounds, since_beat;
    long long tick, lines, lines_solved;
    if (!PyArg_ParseTuple(args, "lLLLl", &rounds, &tick, &lines, &lines_solved, &since_beat))
        return NULL;
    if (self->eff_stamp == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "generations() first");
        return NULL;
    }
    PyObject *cells = self->cells;
    PyObject *what = NULL;
    int event = CEV_DONE;
    for (;;) {
        Py_ssize_t line, n;
        long generation;
        int fits;
        if (self->eff_pending) {
            self->eff_pending = 0;
            line = self->pending_line;
            generation = self->eff_pending_gen;
            fits = self->pending_fits;
            n = colour_length(self, line);
        }
        else {
            if (self->eff_count_left == 0) {
                effort_clear(self);
                event = CEV_DONE;
                break;
            }
            line = self->ring_line[self->ring_head];
            generation = self->ring_gen[self->ring_head];
            self->ring_head = (self->ring_head + 1) % self->ring_cap;
            self->eff_count_left--;
            self->eff_queued[line] = 0;
            if (self->eff_seen != NULL && colour_append_int(self->eff_seen, line) < 0)
                return NULL;
            n = colour_read_line(self, cells, line);
            if (n < 0)
                return NULL;
            lines++;
            since_beat++;
            int hit = 0;
            fits = colour_outcome(self, line, n, &hit);
            if (fits < 0)
                return NULL;
            if (!hit)
                lines_solved++;
            if (since_beat >= self->heartbeat) {
                since_beat = 0;
                self->eff_pending = 1;
                self->pending_line = line;
                self->eff_pending_gen = generation;
                self->pending_fits = fits;
                event = CEV_HEARTBEAT;
                what = PyLong_FromSsize_t(line);
                break;
            }
        }
        if (!fits) {
            effort_clear(self);
            event = CEV_CONFLICT;
            what = PyLong_FromSsize_t(line);
            break;
        }
        int top = self->eff_trail == NULL, changed = 0;
        PyObject *settled = NULL;
        for (Py_ssize_t p = 0; p < n; p++) {
            domain_t mask = self->out[p];
            if (mask == self->dom[p])
                continue;
            changed = 1;
            Py_ssize_t index = colour_cell(self, line, p);
            if (!top) {
                PyObject *entry = Py_BuildValue("(nK)", index, (unsigned long long)self->dom[p]);
                if (entry == NULL || PyList_Append(self->eff_trail, entry) < 0) {
                    Py_XDECREF(entry);
                    goto fail;
                }
                Py_DECREF(entry);
            }
            PyObject *value = PyLong_FromUnsignedLongLong((unsigned long long)mask);
            if (value == NULL)
                goto fail;
            PyList_SetItem(cells, index, value);
            Py_ssize_t y = index / self->width, x = index % self->width;
            Py_ssize_t other = line < self->height ? self->height + x : y;
            if (!self->eff_queued[other] && effort_push(self, other, generation + 1) < 0)
                goto fail;
            if (top) {
                if (effort_set_stamp(self, other, tick + 1) < 0)
                    goto fail;
                if ((mask & (mask - 1)) == 0) {
                    if (settled == NULL && (settled = PyList_New(0)) == NULL)
                        goto fail;
                    PyObject *cell =
                        Py_BuildValue("(nni)", x, y, lowest_bit((uint64_t)mask));
                    if (cell == NULL || PyList_Append(settled, cell) < 0) {
                        Py_XDECREF(cell);
                        goto fail;
                    }
                    Py_DECREF(cell);
                }
            }
        }
        if (!changed)
            continue;
        if (self->eff_count && generation > rounds)
            rounds = generation;
        if (top) {
            tick++;
            if (effort_set_stamp(self, line, tick) < 0)
                goto fail;
            if (settled != NULL) {
                PyObject *cells_settled = PyList_AsTuple(settled);
                Py_DECREF(settled);
                if (cells_settled == NULL)
                    return NULL;
                what = Py_BuildValue("(nN)", line, cells_settled);
                event = CEV_DEDUCED;
                break;
            }
        }
        continue;
    fail:
        Py_XDECREF(settled);
        return NULL;
    }
    if (what == NULL) {
        if (PyErr_Occurred())
            return NULL;
        what = Py_NewRef(Py_None);
    }
    return Py_BuildValue("(iNlLLLl)", event, what, rounds, tick, lines, lines_solved, since_beat);
}

#endif /* HANJIE_KERNEL_EFFORT_H */
