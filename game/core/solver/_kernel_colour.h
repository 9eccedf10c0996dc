/* The colour line cache and the player's line logic, compiled: a ColourPropagator holds a
 * colour puzzle's runs, a player's cells (a mask a cell, bit 0 the background) and a line cache
 * of its own: (line, the line's masks) -> the masks the colour line solver leaves, or "no
 * placement fits", emptied when it holds cache_limit entries (the pure dict's rule, so the two
 * count the same cache hits). colour_effort's ColourPlayer runs its line logic in generations
 * on it (_kernel_effort.h, included by _kernel_colour_type.h).
 *
 * ColourPropagator(width, height, lengths, colours, cells, cache_limit, heartbeat).
 *
 * (The colour engine's own loop went with the colour engine: the one engine solves colour on
 * planes, plane_line.py and _kernel_state.h.)
 */
#ifndef HANJIE_KERNEL_COLOUR_H
#define HANJIE_KERNEL_COLOUR_H

#include "_kernel_line_api.h"




typedef struct {
    PyObject_HEAD
    Py_ssize_t width, height, nlines, longest;
    long *lengths;       /* every line's run lengths, one line after another */
    int *colours;        /* and their colours */
    Py_ssize_t *run_at;  /* line i's runs are [run_at[i], run_at[i + 1]) */
    PyObject *cells;
    /* The line cache: open addressing over entries in one arena of words; an entry is
     * [line, fits, masks[n], answer[n]]; slot_at[i] is an entry's word offset or -1. */
    uint64_t *slot_hash;
    Py_ssize_t *slot_at;
    Py_ssize_t slots, count, limit;
    long heartbeat; /* lines between two heartbeats */
    uint64_t *arena;
    Py_ssize_t arena_used, arena_cap;
    /* A line's masks and the solver's answer; the line waiting across a heartbeat. */
    domain_t *dom, *out;
    int pending_fits;
    Py_ssize_t pending_line;
    /* Line logic in generations (_kernel_effort.h): a ring of (line, generation), the lines
     * in it, and the player's lists while one propagation runs. */
    Py_ssize_t *ring_line;
    long *ring_gen;
    Py_ssize_t ring_head, ring_cap, eff_count_left;
    unsigned char *eff_queued;
    PyObject *eff_trail, *eff_seen, *eff_stamp;
    int eff_count, eff_pending;
    long eff_pending_gen;
} ColourPropagatorObject;

static void
colour_dealloc(ColourPropagatorObject *self)
{
    PyMem_Free(self->lengths);
    PyMem_Free(self->colours);
    PyMem_Free(self->run_at);
    PyMem_Free(self->slot_hash);
    PyMem_Free(self->slot_at);
    PyMem_Free(self->arena);
    PyMem_Free(self->dom);
    PyMem_Free(self->out);
    PyMem_Free(self->ring_line);
    PyMem_Free(self->ring_gen);
    PyMem_Free(self->eff_queued);
    Py_XDECREF(self->eff_trail);
    Py_XDECREF(self->eff_seen);
    Py_XDECREF(self->eff_stamp);
    Py_XDECREF(self->cells);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Line i's cell at position p. */
static inline Py_ssize_t
colour_cell(ColourPropagatorObject *self, Py_ssize_t line, Py_ssize_t p)
{
    if (line < self->height)
        return line * self->width + p;
    return p * self->width + (line - self->height);
}

static inline Py_ssize_t
colour_length(ColourPropagatorObject *self, Py_ssize_t line)
{
    return line < self->height ? self->width : self->height;
}

static int
colour_slots_alloc(ColourPropagatorObject *self, Py_ssize_t slots)
{
    uint64_t *hashes = (uint64_t *)PyMem_Malloc((size_t)slots * sizeof(uint64_t));
    Py_ssize_t *at = (Py_ssize_t *)PyMem_Malloc((size_t)slots * sizeof(Py_ssize_t));
    if (hashes == NULL || at == NULL) {
        PyMem_Free(hashes);
        PyMem_Free(at);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < slots; i++)
        at[i] = -1;
    PyMem_Free(self->slot_hash);
    PyMem_Free(self->slot_at);
    self->slot_hash = hashes;
    self->slot_at = at;
    self->slots = slots;
    return 0;
}

static uint64_t
colour_hash(Py_ssize_t line, const domain_t *dom, Py_ssize_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)line;
    for (Py_ssize_t p = 0; p < n; p++) {
        h ^= (uint64_t)dom[p];
        h *= 0x100000001b3ULL;
        h ^= h >> 29;
    }
    return h | 1; /* never 0 */
}

/* The cached answer's entry (its word offset) or -1. */
static Py_ssize_t
colour_lookup(ColourPropagatorObject *self, Py_ssize_t line, uint64_t hash, Py_ssize_t n)
{
    Py_ssize_t mask = self->slots - 1;
    for (Py_ssize_t i = (Py_ssize_t)(hash & (uint64_t)mask);; i = (i + 1) & mask) {
        Py_ssize_t at = self->slot_at[i];
        if (at < 0)
            return -1;
        if (self->slot_hash[i] == hash && self->arena[at] == (uint64_t)line &&
            memcmp(self->arena + at + 2, self->dom, (size_t)n * sizeof(uint64_t)) == 0)
            return at;
    }
}

static void
colour_place_slot(ColourPropagatorObject *self, uint64_t hash, Py_ssize_t at)
{
    Py_ssize_t mask = self->slots - 1;
    Py_ssize_t i = (Py_ssize_t)(hash & (uint64_t)mask);
    while (self->slot_at[i] >= 0)
        i = (i + 1) & mask;
    self->slot_hash[i] = hash;
    self->slot_at[i] = at;
}

/* Remember the answer for self->dom (as the pure cache: emptied first when full). */
static int
colour_store(ColourPropagatorObject *self, Py_ssize_t line, uint64_t hash, Py_ssize_t n, int fits)
{
    if (self->count >= self->limit) {
        for (Py_ssize_t i = 0; i < self->slots; i++)
            self->slot_at[i] = -1;
        self->count = 0;
        self->arena_used = 0;
    }
    if ((self->count + 1) * 2 > self->slots) {
        uint64_t *old_hash = self->slot_hash;
        Py_ssize_t *old_at = self->slot_at;
        Py_ssize_t old_slots = self->slots;
        self->slot_hash = NULL;
        self->slot_at = NULL;
        if (colour_slots_alloc(self, old_slots * 2) < 0) {
            self->slot_hash = old_hash;
            self->slot_at = old_at;
            self->slots = old_slots;
            return -1;
        }
        for (Py_ssize_t i = 0; i < old_slots; i++)
            if (old_at[i] >= 0)
                colour_place_slot(self, old_hash[i], old_at[i]);
        PyMem_Free(old_hash);
        PyMem_Free(old_at);
    }
    Py_ssize_t words = 2 + 2 * n;
    if (self->arena_used + words > self->arena_cap) {
        Py_ssize_t cap = self->arena_cap * 2;
        while (cap < self->arena_used + words)
            cap *= 2;
        uint64_t *grown = (uint64_t *)PyMem_Realloc(self->arena, (size_t)cap * sizeof(uint64_t));
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->arena = grown;
        self->arena_cap = cap;
    }
    Py_ssize_t at = self->arena_used;
    uint64_t *entry = self->arena + at;
    entry[0] = (uint64_t)line;
    entry[1] = (uint64_t)fits;
    memcpy(entry + 2, self->dom, (size_t)n * sizeof(uint64_t));
    if (fits)
        memcpy(entry + 2 + n, self->out, (size_t)n * sizeof(uint64_t));
    self->arena_used += words;
    self->count++;
    colour_place_slot(self, hash, at);
    return 0;
}

/* The cells of line `line` into self->dom: its length, or -1 with an error set. */
static Py_ssize_t
colour_read_line(ColourPropagatorObject *self, PyObject *cells, Py_ssize_t line)
{
    Py_ssize_t n = colour_length(self, line);
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *item = PyList_GET_ITEM(cells, colour_cell(self, line, p));
        unsigned long long mask = PyLong_AsUnsignedLongLong(item);
        if (mask == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        self->dom[p] = (domain_t)mask;
    }
    return n;
}

/* What line `line` (its n cells read into self->dom) allows each cell, into self->out: from
 * the cache (*hit set to 1) or solved exactly and kept. 1 when its clue fits, 0 when it does
 * not, -1 with an error set. */
static int
colour_outcome(ColourPropagatorObject *self, Py_ssize_t line, Py_ssize_t n, int *hit)
{
    uint64_t hash = colour_hash(line, self->dom, n);
    Py_ssize_t at = colour_lookup(self, line, hash, n);
    if (at >= 0) {
        *hit = 1;
        int fits = (int)self->arena[at + 1];
        if (fits)
            memcpy(self->out, self->arena + at + 2 + n, (size_t)n * sizeof(uint64_t));
        return fits;
    }
    *hit = 0;
    Py_ssize_t first = self->run_at[line];
    int fits = line_domains(n, self->run_at[line + 1] - first, self->lengths + first,
                            self->colours + first, self->dom, self->out);
    if (fits < 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (colour_store(self, line, hash, n, fits) < 0)
        return -1;
    return fits;
}

static int
colour_read_runs(ColourPropagatorObject *self, PyObject *lengths, PyObject *colours)
{
    PyObject *all_lengths = PySequence_Fast(lengths, "lengths must be a sequence of lines");
    PyObject *all_colours = PySequence_Fast(colours, "colours must be a sequence of lines");
    int result = -1;
    if (all_lengths == NULL || all_colours == NULL)
        goto done;
    if (PySequence_Fast_GET_SIZE(all_lengths) != self->nlines ||
        PySequence_Fast_GET_SIZE(all_colours) != self->nlines) {
        PyErr_SetString(PyExc_ValueError, "one clue a line");
        goto done;
    }
    self->run_at = (Py_ssize_t *)PyMem_Malloc((size_t)(self->nlines + 1) * sizeof(Py_ssize_t));
    if (self->run_at == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < self->nlines; i++) {
        Py_ssize_t k = PyObject_Length(PySequence_Fast_GET_ITEM(all_lengths, i));
        if (k < 0)
            goto done;
        self->run_at[i] = total;
        total += k;
    }
    self->run_at[self->nlines] = total;
    self->lengths = (long *)PyMem_Malloc((size_t)(total + 1) * sizeof(long));
    self->colours = (int *)PyMem_Malloc((size_t)(total + 1) * sizeof(int));
    if (self->lengths == NULL || self->colours == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < self->nlines; i++) {
        Py_ssize_t k = self->run_at[i + 1] - self->run_at[i];
        PyObject *line_lengths = PySequence_Tuple(PySequence_Fast_GET_ITEM(all_lengths, i));
        PyObject *line_colours = PySequence_Tuple(PySequence_Fast_GET_ITEM(all_colours, i));
        int ok = line_lengths != NULL && line_colours != NULL &&
                 PyTuple_GET_SIZE(line_lengths) == k && PyTuple_GET_SIZE(line_colours) == k;
        for (Py_ssize_t j = 0; ok && j < k; j++) {
            long length = PyLong_AsLong(PyTuple_GET_ITEM(line_lengths, j));
            long colour = PyLong_AsLong(PyTuple_GET_ITEM(line_colours, j));
            if (PyErr_Occurred() || length < 1 || colour < 1 || colour > 63)
                ok = 0;
            self->lengths[self->run_at[i] + j] = length;
            self->colours[self->run_at[i] + j] = (int)colour;
        }
        Py_XDECREF(line_lengths);
        Py_XDECREF(line_colours);
        if (!ok) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "runs of length >= 1 in colours 1 to 63");
            goto done;
        }
    }
    result = 0;
done:
    Py_XDECREF(all_lengths);
    Py_XDECREF(all_colours);
    return result;
}

static PyObject *
colour_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t width, height, limit;
    long heartbeat;
    PyObject *lengths, *colours, *cells;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "ColourPropagator takes no keywords");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "nnOOO!nl", &width, &height, &lengths, &colours, &PyList_Type,
                          &cells, &limit, &heartbeat))
        return NULL;
    if (width < 1 || height < 1 || PyList_GET_SIZE(cells) != width * height || limit < 1 ||
        heartbeat < 1) {
        PyErr_SetString(PyExc_ValueError, "cells, the cache or the heartbeat do not fit");
        return NULL;
    }
    ColourPropagatorObject *self = (ColourPropagatorObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->width = width;
    self->height = height;
    self->nlines = width + height;
    self->longest = width > height ? width : height;
    self->limit = limit;
    self->heartbeat = heartbeat;
    self->cells = Py_NewRef(cells);
    if (colour_read_runs(self, lengths, colours) < 0 || colour_slots_alloc(self, 1024) < 0)
        goto fail;
    self->arena_cap = 4096;
    self->arena = (uint64_t *)PyMem_Malloc((size_t)self->arena_cap * sizeof(uint64_t));
    self->dom = (domain_t *)PyMem_Malloc((size_t)(self->longest + 1) * sizeof(domain_t));
    self->out = (domain_t *)PyMem_Malloc((size_t)(self->longest + 1) * sizeof(domain_t));
    if (self->arena == NULL || self->dom == NULL || self->out == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}
/* Append a new int to a list (-1 on an error). */
static int
colour_append_int(PyObject *list, long long value)
{
    PyObject *number = PyLong_FromLongLong(value);
    if (number == NULL)
        return -1;
    int result = PyList_Append(list, number);
    Py_DECREF(number);
    return result;
}

#endif /* HANJIE_KERNEL_COLOUR_H */
