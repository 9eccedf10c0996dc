/* The compiled propagator's state: the Propagator object over an engine's own objects, and
 * setting a cell and queueing lines on them (EngineState._place, _queue_line, _clear_queue).
 * Part of the compiled kernel: _kernel.c includes it, then _kernel_nogoods.h and
 * _kernel_propagate.h (whose opening comment tells the whole; it includes _kernel_reason.h
 * and _kernel_analyse.h, a line's explanation and conflict analysis).
 */
#ifndef HANJIE_KERNEL_STATE_H
#define HANJIE_KERNEL_STATE_H

#include "_kernel_common.h"
#include "_kernel_line.h"
#include "_kernel_store.h"


/* What run() stopped at beyond the shared events (_kernel_abi.h): only a look at the clock. */
#define EV_CLOCK 6

/* Grids of up to this many cells share one int object a trail entry (entry_object): on a
 * bigger one the table's first touches (page faults) would cost more than they save. */
#define SHARED_ENTRIES_UP_TO 40000

typedef struct ClueCache ClueCache; /* _kernel_cache.h */

typedef struct {
    PyObject_HEAD
    Py_ssize_t width, height, nlines;
    /* Variables a cell (plane_line.py: 1 in black and white, colours + 1 in colour), a
     * row's and a column's variables, and the grid's. */
    Py_ssize_t planes, row_length, column_length, nvars;
    PyObject *engine_refs; /* a tuple holding every object below alive */
    Py_buffer *line_views; /* rows then columns */
    unsigned char **line_data;
    Py_buffer cells_view, queued_view, level_view, position_view, reason_view, seen_view;
    int have_views;
    PyObject *trail;
    /* The line queue, here (EngineState.queue and line_round are the pure twin's): each line
     * is queued at most once (``queued``), so a ring of one slot a line holds it; the round
     * each queued line was queued in. */
    Py_ssize_t *queue, queue_head, queue_length;
    long long *line_round;
    PyObject *line_stamp, *line_weight, *visited, *caches, *clues;
    PyObject *store, *solve_uncached;
    /* The line solver's caches (a dict a clue), its explanation of a colour line (a
     * callable) and its counts (solved, hits, size, limit, clue limit: an array('q')
     * handed over by position, LINE_SOLVED.. in _kernel_abi.h). */
    PyObject *line_caches, *smallest_reason;
    Py_buffer counts_view;
    int have_counts;
    long *runs;          /* every line's clue, one after another */
    Py_ssize_t *run_at;  /* line i's clue is runs[run_at[i] .. run_at[i + 1]) */
    int *run_colours;    /* in colour, each run's colour, beside runs (NULL in black and white) */
    /* Conflict analysis's scratch (_kernel_analyse.h), made on its first call: per cell, the
     * generation that marked it, and the generation, start and length of its explanation
     * in why_buf (the why cache of one analysis). */
    unsigned int *mark_gen, *why_gen;
    unsigned char *probe_code; /* a cell's code in a probe's first way (_kernel_probe.h) */
    unsigned int mark_now, why_now;
    Py_ssize_t *why_at, *why_len;
    long *why_buf;
    Py_ssize_t why_cap, why_used;
    /* One int object a trail entry (index * 4 + code), made on first use and shared by the
     * trail, the nogoods and the analyses: no allocation a cell set, and the few thousand
     * objects lie close together in memory, where nogood watching reads them (NULL on a
     * grid of more than SHARED_ENTRIES_UP_TO cells: an object a use there). */
    PyObject **entry_objects;
    /* The line caches, owned here when every line is a word line (_kernel_cache.h): a
     * table a clue, and each line's table. */
    int own_caches;
    ClueCache *clue_caches;
    Py_ssize_t nslots, *slot_of;
    /* Looks at the clock (one every CLOCK_EVERY lines) that may pass without the engine's
     * _check_clock, which says so (nothing can happen before its next gate: a heartbeat, a
     * reading of the time, the work limit), and the looks passed so, handed to the next
     * call (see clock_looked). */
    long long clock_credit, clock_owed;
} PropagatorObject;

static void cache_free(PropagatorObject *self);
static int cache_setup(PropagatorObject *self);

static void
propagator_dealloc(PropagatorObject *self)
{
    if (self->line_views != NULL) {
        for (Py_ssize_t i = 0; i < self->nlines; i++)
            if (self->line_views[i].obj != NULL)
                PyBuffer_Release(&self->line_views[i]);
        PyMem_Free(self->line_views);
    }
    PyMem_Free(self->line_data);
    if (self->have_views) {
        PyBuffer_Release(&self->cells_view);
        PyBuffer_Release(&self->queued_view);
        PyBuffer_Release(&self->level_view);
        PyBuffer_Release(&self->position_view);
        PyBuffer_Release(&self->reason_view);
        PyBuffer_Release(&self->seen_view);
    }
    if (self->have_counts)
        PyBuffer_Release(&self->counts_view);
    Py_XDECREF(self->engine_refs);
    PyMem_Free(self->queue);
    PyMem_Free(self->line_round);
    PyMem_Free(self->runs);
    PyMem_Free(self->run_at);
    PyMem_Free(self->run_colours);
    if (self->entry_objects != NULL) {
        for (Py_ssize_t i = 0; i < 4 * self->nvars; i++)
            Py_XDECREF(self->entry_objects[i]);
        PyMem_Free(self->entry_objects);
    }
    PyMem_Free(self->mark_gen);
    PyMem_Free(self->probe_code);
    PyMem_Free(self->why_gen);
    PyMem_Free(self->why_at);
    PyMem_Free(self->why_len);
    PyMem_Free(self->why_buf);
    cache_free(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
int_view(PyObject *object, Py_buffer *view)
{
    if (PyObject_GetBuffer(object, view, PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return -1;
    if (view->itemsize != 4 || view->format == NULL || strcmp(view->format, "i") != 0) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, "the per-cell arrays must be array('i')");
        return -1;
    }
    return 0;
}

/* Propagator(state): state is the engine's KernelState (engine_state.py), its objects by
 * position and nothing by name: the lines, the flat grid, the queue flags, the per-cell
 * arrays, the trail, the queue, the per-line lists, the caches, the clues, the nogood store,
 * the line solver, the width and the height. */
/* A colour puzzle's clues, (length, colour) pairs a line, into runs and run_colours
 * (``total`` runs in all, run_at already set); each colour must have a plane. */
static int
read_colour_runs(PropagatorObject *self, Py_ssize_t total)
{
    self->run_colours = PyMem_Calloc((size_t)total + 1, sizeof(int));
    if (self->run_colours == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < self->nlines; i++) {
        PyObject *clue = PySequence_Fast(PyList_GET_ITEM(self->clues, i), "a clue is runs");
        if (clue == NULL)
            return -1;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(clue);
        for (Py_ssize_t r = 0; r < k; r++) {
            PyObject *run = PySequence_Fast_GET_ITEM(clue, r);
            long length = -1, colour = -1;
            if (PyTuple_Check(run) && PyTuple_GET_SIZE(run) == 2) {
                length = PyLong_AsLong(PyTuple_GET_ITEM(run, 0));
                colour = PyLong_AsLong(PyTuple_GET_ITEM(run, 1));
            }
            if (length < 1 || colour < 1 || colour >= self->planes) {
                Py_DECREF(clue);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a colour run is (length >= 1, a colour "
                                                      "with a plane)");
                return -1;
            }
            self->runs[self->run_at[i] + r] = length;
            self->run_colours[self->run_at[i] + r] = (int)colour;
        }
        Py_DECREF(clue);
    }
    return 0;
}

static PyObject *
propagator_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *refs;
    if (!PyArg_ParseTuple(args, "O", &refs))
        return NULL;
    if (!PyTuple_Check(refs) || PyTuple_GET_SIZE(refs) != KERNEL_STATE_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "Propagator takes an engine's KernelState");
        return NULL;
    }
    Py_INCREF(refs);
    PropagatorObject *self = (PropagatorObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        Py_DECREF(refs);
        return NULL;
    }
    self->engine_refs = refs;
    PyObject *lines = PyTuple_GET_ITEM(refs, 0);
    self->width = PyLong_AsSsize_t(PyTuple_GET_ITEM(refs, 16));
    self->height = PyLong_AsSsize_t(PyTuple_GET_ITEM(refs, 17));
    self->planes = PyLong_AsSsize_t(PyTuple_GET_ITEM(refs, 18));
    if (PyErr_Occurred() || !PyList_Check(lines))
        goto fail;
    if (self->planes < 1 || self->planes > 64) {
        PyErr_SetString(PyExc_ValueError, "a cell has 1 to 64 variables");
        goto fail;
    }
    self->row_length = self->width * self->planes;
    self->column_length = self->height * self->planes;
    self->nvars = self->row_length * self->height;
    self->nlines = PyList_GET_SIZE(lines);
    if (self->nlines != self->width + self->height) {
        PyErr_SetString(PyExc_ValueError, "one line a row and a column");
        goto fail;
    }
    self->line_views = PyMem_Calloc((size_t)self->nlines + 1, sizeof(Py_buffer));
    self->line_data = PyMem_Calloc((size_t)self->nlines + 1, sizeof(unsigned char *));
    if (self->line_views == NULL || self->line_data == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < self->nlines; i++) {
        if (PyObject_GetBuffer(PyList_GET_ITEM(lines, i), &self->line_views[i], PyBUF_WRITABLE) <
            0)
            goto fail;
        self->line_data[i] = (unsigned char *)self->line_views[i].buf;
    }
    if (PyObject_GetBuffer(PyTuple_GET_ITEM(refs, 1), &self->cells_view, PyBUF_WRITABLE) < 0)
        goto fail;
    if (PyObject_GetBuffer(PyTuple_GET_ITEM(refs, 2), &self->queued_view, PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&self->cells_view);
        goto fail;
    }
    if (int_view(PyTuple_GET_ITEM(refs, 3), &self->level_view) < 0) {
        PyBuffer_Release(&self->cells_view);
        PyBuffer_Release(&self->queued_view);
        goto fail;
    }
    if (int_view(PyTuple_GET_ITEM(refs, 4), &self->position_view) < 0) {
        PyBuffer_Release(&self->cells_view);
        PyBuffer_Release(&self->queued_view);
        PyBuffer_Release(&self->level_view);
        goto fail;
    }
    if (int_view(PyTuple_GET_ITEM(refs, 5), &self->reason_view) < 0) {
        PyBuffer_Release(&self->cells_view);
        PyBuffer_Release(&self->queued_view);
        PyBuffer_Release(&self->level_view);
        PyBuffer_Release(&self->position_view);
        goto fail;
    }
    if (int_view(PyTuple_GET_ITEM(refs, 6), &self->seen_view) < 0) {
        PyBuffer_Release(&self->cells_view);
        PyBuffer_Release(&self->queued_view);
        PyBuffer_Release(&self->level_view);
        PyBuffer_Release(&self->position_view);
        PyBuffer_Release(&self->reason_view);
        goto fail;
    }
    self->have_views = 1;
    self->trail = PyTuple_GET_ITEM(refs, 7);
    self->line_stamp = PyTuple_GET_ITEM(refs, 10);
    self->line_weight = PyTuple_GET_ITEM(refs, 11);
    self->visited = PyTuple_GET_ITEM(refs, 12);
    self->caches = PyTuple_GET_ITEM(refs, 13);
    self->clues = PyTuple_GET_ITEM(refs, 14);
    self->store = PyTuple_GET_ITEM(refs, 15);
    if (!PyList_Check(self->trail) ||
        !PyList_Check(self->line_stamp) || !PyList_Check(self->line_weight) ||
        !PyList_Check(self->visited) || !PyList_Check(self->caches) ||
        !PyList_Check(self->clues) ||
        PyList_GET_SIZE(self->caches) != self->nlines ||
        PyList_GET_SIZE(self->line_stamp) != self->nlines ||
        PyList_GET_SIZE(self->line_weight) != self->nlines ||
        self->cells_view.len != self->nvars ||
        self->queued_view.len != self->nlines) {
        PyErr_SetString(PyExc_TypeError, "not an engine's state");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < self->nlines; i++)
        if (self->line_views[i].len != (i < self->height ? self->row_length : self->column_length)) {
            PyErr_SetString(PyExc_TypeError, "a line is its cells' variables");
            goto fail;
        }
    if (self->nvars <= SHARED_ENTRIES_UP_TO) {
        self->entry_objects = PyMem_Calloc((size_t)(4 * self->nvars) + 1,
                                           sizeof(PyObject *));
        if (self->entry_objects == NULL) {
            PyErr_NoMemory();
            goto fail;
        }
    }
    self->queue = PyMem_Calloc((size_t)self->nlines + 1, sizeof(Py_ssize_t));
    self->line_round = PyMem_Calloc((size_t)self->nlines + 1, sizeof(long long));
    if (self->queue == NULL || self->line_round == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if (!Py_IS_TYPE(self->store, &StoreType) ||
        ((StoreObject *)self->store)->cells != self->nvars) {
        PyErr_SetString(PyExc_TypeError, "the engine's nogoods must be the compiled store");
        goto fail;
    }
    self->line_caches = PyTuple_GET_ITEM(refs, 20);
    self->solve_uncached = PyTuple_GET_ITEM(refs, 21);
    self->smallest_reason = PyTuple_GET_ITEM(refs, 22);
    if (PyObject_GetBuffer(PyTuple_GET_ITEM(refs, 19), &self->counts_view,
                           PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        goto fail;
    self->have_counts = 1;
    if (self->counts_view.format == NULL || strcmp(self->counts_view.format, "q") != 0 ||
        self->counts_view.len != LINE_COUNTS * (Py_ssize_t)sizeof(long long) ||
        !PyDict_Check(self->line_caches) || !PyCallable_Check(self->solve_uncached) ||
        !PyCallable_Check(self->smallest_reason)) {
        PyErr_SetString(PyExc_TypeError, "the line solver's counts (array('q') of 5), caches "
                                         "and callables");
        goto fail;
    }
    self->run_at = PyMem_Calloc((size_t)self->nlines + 1, sizeof(Py_ssize_t));
    if (self->run_at == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    Py_ssize_t total = 0;
    /* Run lengths for the word solver and the reasons of black and white; a colour line's
     * runs are (length, colour) pairs, kept as lengths and colours (plane_outcome). */
    for (Py_ssize_t i = 0; i < self->nlines; i++) {
        self->run_at[i] = total;
        Py_ssize_t size = PyObject_Length(PyList_GET_ITEM(self->clues, i));
        if (size < 0)
            goto fail;
        total += size;
    }
    self->run_at[self->nlines] = total;
    self->runs = PyMem_Calloc((size_t)total + 1, sizeof(long));
    if (self->runs == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if (self->planes > 1) {
        if (read_colour_runs(self, total) < 0)
            goto fail;
    }
    for (Py_ssize_t i = 0; i < self->nlines && self->planes == 1; i++) {
        long small_runs[SMALL_RUNS];
        long *lengths = NULL;
        Py_ssize_t k = read_clue(PyList_GET_ITEM(self->clues, i), &lengths, small_runs, SMALL_RUNS);
        if (k < 0)
            goto fail;
        memcpy(self->runs + self->run_at[i], lengths, (size_t)k * sizeof(long));
        if (lengths != small_runs)
            PyMem_Free(lengths);
    }
    if (cache_setup(self) < 0)
        goto fail;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

/* Mutable counters of one run() call, given and handed back (the engine keeps them). */
typedef struct {
    long long unknown, tick, countdown, rounds, quiet, hits;
    long long solved, size, limit, clue_limit; /* the line solver's, for cache misses */
    long long due;    /* looks at the clock owed to the engine's _check_clock (0: none) */
    int skip_visited; /* lookahead's probes: the lines a probe took are not kept */
} Counters;

/* The int object of a trail entry of this grid (a new reference), or NULL with an error. */
static PyObject *
entry_object(PropagatorObject *self, long entry)
{
    if (entry < 0 || entry >= 4 * self->nvars) {
        PyErr_SetString(PyExc_ValueError, "not a trail entry of this grid");
        return NULL;
    }
    if (self->entry_objects == NULL)
        return PyLong_FromLong(entry);
    PyObject **slot = &self->entry_objects[entry];
    if (*slot == NULL) {
        *slot = PyLong_FromLong(entry);
        if (*slot == NULL)
            return NULL;
    }
    return Py_NewRef(*slot);
}

static int
set_list_long(PyObject *list, Py_ssize_t at, long long value)
{
    PyObject *number = PyLong_FromLongLong(value);
    if (number == NULL)
        return -1;
    PyList_SetItem(list, at, number); /* steals; the old item is released */
    return 0;
}

static int
queue_line(PropagatorObject *self, unsigned char *queued, Py_ssize_t line, long long round)
{
    if (queued[line])
        return 0;
    queued[line] = 1;
    self->line_round[line] = round;
    self->queue[(self->queue_head + self->queue_length) % self->nlines] = line;
    self->queue_length += 1;
    return 0;
}

static Py_ssize_t
pop_line(PropagatorObject *self, unsigned char *queued)
{
    Py_ssize_t line = self->queue[self->queue_head];
    self->queue_head = (self->queue_head + 1) % self->nlines;
    self->queue_length -= 1;
    queued[line] = 0;
    return line;
}

static int
clear_queue(PropagatorObject *self, unsigned char *queued)
{
    while (self->queue_length)
        pop_line(self, queued);
    return 0;
}

/* The cell (x, y) of variable ``index`` and its plane. */
static inline void
var_place(const PropagatorObject *self, Py_ssize_t index, Py_ssize_t *x, Py_ssize_t *y,
          Py_ssize_t *plane)
{
    Py_ssize_t cell = index, planes = self->planes;
    *plane = 0;
    if (planes > 1) {
        cell = index / planes;
        *plane = index - cell * planes;
    }
    *y = cell / self->width;
    *x = cell - *y * self->width;
}

/* Set variable ``index`` (of cell (x, y), plane ``plane``) to code, for why, and queue the
 * crossing lines: EngineState._place with its queueing, or the line loop's body (queue_row /
 * queue_column say which lines). */
static inline int
place_at(PropagatorObject *self, Py_ssize_t index, Py_ssize_t x, Py_ssize_t y,
         Py_ssize_t plane, int code, int why, int seen, int depth, int queue_row,
         int queue_column, long long round, Counters *c)
{
    Py_ssize_t planes = self->planes;
    unsigned char *queued = (unsigned char *)self->queued_view.buf;
    self->line_data[y][x * planes + plane] = (unsigned char)code;
    self->line_data[self->height + x][y * planes + plane] = (unsigned char)code;
    ((unsigned char *)self->cells_view.buf)[index] = (unsigned char)code;
    ((int *)self->level_view.buf)[index] = depth;
    ((int *)self->position_view.buf)[index] = (int)PyList_GET_SIZE(self->trail);
    ((int *)self->reason_view.buf)[index] = why;
    if (seen >= 0)
        ((int *)self->seen_view.buf)[index] = seen;
    PyObject *entry = entry_object(self, (long)((index << 2) | code));
    if (entry == NULL)
        return -1;
    int failed = PyList_Append(self->trail, entry);
    Py_DECREF(entry);
    if (failed < 0)
        return -1;
    c->unknown -= 1;
    if (queue_row && queue_line(self, queued, y, round) < 0)
        return -1;
    if (queue_column && queue_line(self, queued, self->height + x, round) < 0)
        return -1;
    return 0;
}

/* place_at for variable ``index``, its cell and plane found here. */
static int
place(PropagatorObject *self, Py_ssize_t index, int code, int why, int seen, int depth,
      int queue_row, int queue_column, long long round, Counters *c)
{
    Py_ssize_t x, y, plane;
    var_place(self, index, &x, &y, &plane);
    return place_at(self, index, x, y, plane, code, why, seen, depth, queue_row, queue_column,
                    round, c);
}

/* The line caches, whose setup and freeing the Propagator declares above. */
#include "_kernel_cache.h"

#endif /* HANJIE_KERNEL_STATE_H */
