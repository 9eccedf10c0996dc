/* The learned nogoods of one solve, compiled: the twin of nogoods.NogoodStore with the
 * nogoods in flat C arrays instead of Python objects. Part of the compiled kernel (included
 * by _kernel.c before _kernel_state.h; the watching itself is _kernel_nogoods.h).
 *
 * A nogood is a number (its id, in the order learned) and its trail entries lie in one arena
 * of ints, so watching a trail entry reads a list of ids and then the arenas, where the pure
 * store follows four pointers a nogood (its watch list, the object, its entries list and each
 * int object). The store also keeps which nogood set each cell (``rule``), which the pure
 * twin keeps in a dict, and judges locked nogoods in ``reduce()`` itself.
 *
 * Every order is the pure store's: the nogoods kept (``rules()``), each watch list, each
 * nogood's entries as watching swaps them, and the least active half reduce() drops (a
 * stable sort), so a search learns, forgets and forces the same on both engines.
 */
#ifndef HANJIE_KERNEL_STORE_H
#define HANJIE_KERNEL_STORE_H

#include "_kernel_common.h"


#define STORE_PERMANENT 1
#define STORE_DROPPED 2

typedef struct {
    int *data;
    Py_ssize_t size, cap;
} IdVec;

static int
idvec_push(IdVec *vec, int value)
{
    if (vec->size == vec->cap) {
        Py_ssize_t cap = vec->cap ? vec->cap * 2 : 4;
        int *data = PyMem_Realloc(vec->data, (size_t)cap * sizeof(int));
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        vec->data = data;
        vec->cap = cap;
    }
    vec->data[vec->size++] = value;
    return 0;
}

typedef struct {
    PyObject_HEAD
    Py_ssize_t cells; /* the grid's cells: every entry is below 4 * cells */
    Py_buffer cells_view;
    int have_view;
    /* By id: where its entries start in the arena, how many, its activity and flags. */
    Py_ssize_t count, cap;
    Py_ssize_t *start;
    int *size;
    double *activity;
    unsigned char *flags;
    int *arena;
    Py_ssize_t arena_used, arena_cap, arena_live;
    IdVec live;     /* the nogoods kept, in the order learned (the pure store's nogoods) */
    /* By trail entry: the nogoods watching it. Grown to the largest entry of a nogood kept
     * (nwatch), as the pure store's list: past it no nogood watches. */
    IdVec *watches;
    Py_ssize_t nwatch;
    int *rule_of;   /* by cell: the nogood that set it, or -1 */
    Py_ssize_t head, limit, learned, forgotten;
    double bump_by;
} StoreObject;

static PyTypeObject StoreType;

static void
store_dealloc(StoreObject *self)
{
    if (self->have_view)
        PyBuffer_Release(&self->cells_view);
    PyMem_Free(self->start);
    PyMem_Free(self->size);
    PyMem_Free(self->activity);
    PyMem_Free(self->flags);
    PyMem_Free(self->arena);
    PyMem_Free(self->live.data);
    if (self->watches != NULL) {
        for (Py_ssize_t i = 0; i < self->nwatch; i++)
            PyMem_Free(self->watches[i].data);
        PyMem_Free(self->watches);
    }
    PyMem_Free(self->rule_of);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* NogoodStore(cells, limit): over the engine's flat grid (a bytearray, read live; reduce()
 * asks it which cells are set), keeping ``limit`` nogoods before the first clean-up. */
static PyObject *
store_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *cells;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "On", &cells, &limit))
        return NULL;
    StoreObject *self = (StoreObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    if (PyObject_GetBuffer(cells, &self->cells_view, PyBUF_SIMPLE) < 0)
        goto fail;
    self->have_view = 1;
    self->cells = self->cells_view.len;
    if (self->cells > INT_MAX / 4) { /* entries are ints here */
        PyErr_SetString(PyExc_ValueError, "a grid too big for the compiled nogood store");
        goto fail;
    }
    self->limit = limit;
    self->bump_by = 1.0;
    self->rule_of = PyMem_Malloc(((size_t)self->cells + 1) * sizeof(int));
    if (self->rule_of == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < self->cells; i++)
        self->rule_of[i] = -1;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static Py_ssize_t
store_length(StoreObject *self)
{
    return self->live.size;
}

static int
store_entry_ok(StoreObject *self, long entry)
{
    if (entry < 0 || entry >= 4 * self->cells || (entry & 3) == 0 || (entry & 3) == 3) {
        PyErr_SetString(PyExc_ValueError, "not a trail entry of this grid");
        return 0;
    }
    return 1;
}

/* The id of a kept nogood from Python (``what`` the store handed out), or -1 with an error. */
static Py_ssize_t
store_id(StoreObject *self, PyObject *what)
{
    Py_ssize_t id = PyLong_AsSsize_t(what);
    if (id == -1 && PyErr_Occurred())
        return -1;
    if (id < 0 || id >= self->count) {
        PyErr_SetString(PyExc_ValueError, "not a nogood of this store");
        return -1;
    }
    return id;
}

/* Room for one more nogood of ``size`` entries. */
static int
store_reserve(StoreObject *self, Py_ssize_t size)
{
    if (self->count == self->cap) {
        Py_ssize_t cap = self->cap ? self->cap * 2 : 256;
        Py_ssize_t *start = PyMem_Realloc(self->start, (size_t)cap * sizeof(Py_ssize_t));
        if (start != NULL)
            self->start = start;
        int *sizes = PyMem_Realloc(self->size, (size_t)cap * sizeof(int));
        if (sizes != NULL)
            self->size = sizes;
        double *activity = PyMem_Realloc(self->activity, (size_t)cap * sizeof(double));
        if (activity != NULL)
            self->activity = activity;
        unsigned char *flags = PyMem_Realloc(self->flags, (size_t)cap);
        if (flags != NULL)
            self->flags = flags;
        if (start == NULL || sizes == NULL || activity == NULL || flags == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->cap = cap;
    }
    if (self->arena_used + size > self->arena_cap) {
        Py_ssize_t cap = self->arena_cap ? self->arena_cap * 2 : 4096;
        while (cap < self->arena_used + size)
            cap *= 2;
        int *arena = PyMem_Realloc(self->arena, (size_t)cap * sizeof(int));
        if (arena == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->arena = arena;
        self->arena_cap = cap;
    }
    return 0;
}

/* Watch lists for every entry below ``top``. */
static int
store_watch_up_to(StoreObject *self, Py_ssize_t top)
{
    if (top <= self->nwatch)
        return 0;
    Py_ssize_t count = self->nwatch ? self->nwatch : 64;
    while (count < top)
        count *= 2;
    if (count > 4 * self->cells)
        count = 4 * self->cells;
    IdVec *watches = PyMem_Realloc(self->watches, (size_t)count * sizeof(IdVec));
    if (watches == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    memset(watches + self->nwatch, 0, (size_t)(count - self->nwatch) * sizeof(IdVec));
    self->watches = watches;
    self->nwatch = count;
    return 0;
}

/* add(entries, permanent) -> id: keep a nogood of two or more entries (entries[0] the one not
 * holding, the cell it forces; entries[1] the latest set of the others), watching the two. */
static PyObject *
store_add(StoreObject *self, PyObject *args)
{
    PyObject *entries;
    int permanent;
    if (!PyArg_ParseTuple(args, "O!p", &PyList_Type, &entries, &permanent))
        return NULL;
    Py_ssize_t size = PyList_GET_SIZE(entries);
    if (size < 2 || size > INT_MAX) {
        PyErr_SetString(PyExc_ValueError, "a nogood has two entries or more");
        return NULL;
    }
    if (self->count >= INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "too many nogoods");
        return NULL;
    }
    if (store_reserve(self, size) < 0)
        return NULL;
    int *at = self->arena + self->arena_used;
    long top = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        long entry = PyLong_AsLong(PyList_GET_ITEM(entries, i));
        if (entry == -1 && PyErr_Occurred())
            return NULL;
        if (!store_entry_ok(self, entry))
            return NULL;
        at[i] = (int)entry;
        if (entry + 1 > top)
            top = entry + 1;
    }
    if (store_watch_up_to(self, top) < 0)
        return NULL;
    int id = (int)self->count;
    self->start[id] = self->arena_used;
    self->size[id] = (int)size;
    self->activity[id] = 0.0;
    self->flags[id] = permanent ? STORE_PERMANENT : 0;
    self->arena_used += size;
    self->count += 1;
    /* Out of memory half way: the nogood stays made but dropped (watchers skip it). */
    self->flags[id] |= STORE_DROPPED;
    if (idvec_push(&self->watches[at[0]], id) < 0 || idvec_push(&self->watches[at[1]], id) < 0 ||
        idvec_push(&self->live, id) < 0)
        return NULL;
    self->flags[id] &= (unsigned char)~STORE_DROPPED;
    self->arena_live += size;
    self->learned += 1;
    return PyLong_FromLong(id);
}

static PyObject *
store_undo_to_method(StoreObject *self, PyObject *arg)
{
    Py_ssize_t length = PyLong_AsSsize_t(arg);
    if (length == -1 && PyErr_Occurred())
        return NULL;
    if (self->head > length)
        self->head = length;
    Py_RETURN_NONE;
}

/* NogoodStore.bump: the activity grows by bump_by; past the bound every kept nogood's and
 * bump_by shrink by 1e-100. */
static void
store_bump(StoreObject *self, Py_ssize_t id)
{
    self->activity[id] += self->bump_by;
    if (self->activity[id] > RESCALE_ABOVE) {
        for (Py_ssize_t i = 0; i < self->live.size; i++)
            self->activity[self->live.data[i]] *= 1e-100;
        self->bump_by *= 1e-100;
    }
}

static PyObject *
store_bump_method(StoreObject *self, PyObject *arg)
{
    Py_ssize_t id = store_id(self, arg);
    if (id < 0)
        return NULL;
    store_bump(self, id);
    Py_RETURN_NONE;
}

static PyObject *
store_age(StoreObject *self, PyObject *unused)
{
    self->bump_by *= STORE_ACTIVITY_GROWTH;
    Py_RETURN_NONE;
}

static PyObject *
store_over_limit(StoreObject *self, PyObject *unused)
{
    return PyBool_FromLong(self->live.size > self->limit);
}

typedef struct {
    double activity;
    Py_ssize_t order;
    int id;
} Droppable;

static int
less_active_first(const void *a, const void *b)
{
    const Droppable *x = a, *y = b;
    if (x->activity != y->activity)
        return x->activity < y->activity ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order; /* stable: as Python's sort */
}

/* Move the kept nogoods' entries down over the dropped ones' (ids stay: a dropped nogood's
 * entries are never read again, only its flag, by the watch lists that still name it). */
static void
store_compact(StoreObject *self)
{
    Py_ssize_t to = 0;
    for (Py_ssize_t i = 0; i < self->live.size; i++) {
        int id = self->live.data[i];
        Py_ssize_t from = self->start[id];
        if (from != to)
            memmove(self->arena + to, self->arena + from, (size_t)self->size[id] * sizeof(int));
        self->start[id] = to;
        to += self->size[id];
    }
    self->arena_used = to;
    self->arena_live = to;
}

/* reduce() -> dropped: drop the less active half of the droppable nogoods. Permanent ones,
 * ones of two entries and ones that are why a cell is set now (locked) stay. */
static PyObject *
store_reduce(StoreObject *self, PyObject *unused)
{
    const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
    Droppable *droppable = PyMem_Malloc(((size_t)self->live.size + 1) * sizeof(Droppable));
    if (droppable == NULL)
        return PyErr_NoMemory();
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < self->live.size; i++) {
        int id = self->live.data[i];
        if ((self->flags[id] & STORE_PERMANENT) || self->size[id] <= 2)
            continue;
        Py_ssize_t index = self->arena[self->start[id]] >> 2;
        if (cells[index] && self->rule_of[index] == id)
            continue; /* locked */
        droppable[count].activity = self->activity[id];
        droppable[count].order = i;
        droppable[count].id = id;
        count++;
    }
    qsort(droppable, (size_t)count, sizeof(Droppable), less_active_first);
    Py_ssize_t dropped = count / 2;
    for (Py_ssize_t i = 0; i < dropped; i++) {
        int id = droppable[i].id;
        self->flags[id] |= STORE_DROPPED;
        self->arena_live -= self->size[id];
    }
    PyMem_Free(droppable);
    if (dropped) {
        Py_ssize_t kept = 0;
        for (Py_ssize_t i = 0; i < self->live.size; i++)
            if (!(self->flags[self->live.data[i]] & STORE_DROPPED))
                self->live.data[kept++] = self->live.data[i];
        self->live.size = kept;
        if (self->arena_used > 2 * self->arena_live + 4096)
            store_compact(self);
    }
    self->limit = (Py_ssize_t)((double)self->limit * STORE_LIMIT_GROWTH);
    self->forgotten += dropped;
    return PyLong_FromSsize_t(dropped);
}

/* set_rule(index, id or None): the nogood that set the cell (None: a fact, no nogood). */
static PyObject *
store_set_rule(StoreObject *self, PyObject *args)
{
    Py_ssize_t index;
    PyObject *what;
    if (!PyArg_ParseTuple(args, "nO", &index, &what))
        return NULL;
    if (index < 0 || index >= self->cells) {
        PyErr_SetString(PyExc_ValueError, "not a cell of this grid");
        return NULL;
    }
    Py_ssize_t id = -1;
    if (what != Py_None && (id = store_id(self, what)) < 0)
        return NULL;
    self->rule_of[index] = (int)id;
    Py_RETURN_NONE;
}

static PyObject *
store_size(StoreObject *self, PyObject *arg)
{
    Py_ssize_t id = store_id(self, arg);
    return id < 0 ? NULL : PyLong_FromLong(self->size[id]);
}

static PyObject *
store_entries_of(StoreObject *self, Py_ssize_t id)
{
    if (self->flags[id] & STORE_DROPPED) {
        PyErr_SetString(PyExc_ValueError, "a nogood forgotten");
        return NULL;
    }
    PyObject *list = PyList_New(self->size[id]);
    if (list == NULL)
        return NULL;
    const int *at = self->arena + self->start[id];
    for (int i = 0; i < self->size[id]; i++) {
        PyObject *entry = PyLong_FromLong(at[i]);
        if (entry == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, entry);
    }
    return list;
}

static PyObject *
store_entries(StoreObject *self, PyObject *arg)
{
    Py_ssize_t id = store_id(self, arg);
    return id < 0 ? NULL : store_entries_of(self, id);
}

/* rules() -> [(entries, activity)]: the nogoods kept, in order (for tests and tools). */
static PyObject *
store_rules(StoreObject *self, PyObject *unused)
{
    PyObject *list = PyList_New(self->live.size);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < self->live.size; i++) {
        int id = self->live.data[i];
        PyObject *entries = store_entries_of(self, id);
        PyObject *pair = NULL;
        if (entries != NULL) {
            PyObject *frozen = PyList_AsTuple(entries);
            Py_DECREF(entries);
            if (frozen != NULL)
                pair = Py_BuildValue("Nd", frozen, self->activity[id]);
        }
        if (pair == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, pair);
    }
    return list;
}

static PyMethodDef store_methods[] = {
    {"add", (PyCFunction)store_add, METH_VARARGS, "add(entries, permanent) -> the nogood's id."},
    {"undo_to", (PyCFunction)store_undo_to_method, METH_O, "undo_to(length)."},
    {"bump", (PyCFunction)store_bump_method, METH_O, "bump(id): the nogood was of use."},
    {"age", (PyCFunction)store_age, METH_NOARGS, "age(): later bumps weigh more."},
    {"over_limit", (PyCFunction)store_over_limit, METH_NOARGS, "over_limit() -> bool."},
    {"reduce", (PyCFunction)store_reduce, METH_NOARGS, "reduce() -> how many were dropped."},
    {"set_rule", (PyCFunction)store_set_rule, METH_VARARGS, "set_rule(index, id or None)."},
    {"size", (PyCFunction)store_size, METH_O, "size(id) -> the nogood's entries."},
    {"entries", (PyCFunction)store_entries, METH_O, "entries(id) -> list of trail entries."},
    {"rules", (PyCFunction)store_rules, METH_NOARGS, "rules() -> [(entries, activity)]."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef store_members[] = {
    {"head", T_PYSSIZET, offsetof(StoreObject, head), 0,
     "Trail entries before this index have had their watches looked at."},
    {"limit", T_PYSSIZET, offsetof(StoreObject, limit), READONLY, "Kept before a clean-up."},
    {"learned", T_PYSSIZET, offsetof(StoreObject, learned), READONLY, "Nogoods ever added."},
    {"forgotten", T_PYSSIZET, offsetof(StoreObject, forgotten), READONLY, "Nogoods dropped."},
    {"bump_by", T_DOUBLE, offsetof(StoreObject, bump_by), READONLY, "The next bump's size."},
    {NULL, 0, 0, 0, NULL},
};

static PySequenceMethods store_as_sequence = {
    .sq_length = (lenfunc)store_length,
};

static PyTypeObject StoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.core.solver._kernel.NogoodStore",
    .tp_basicsize = sizeof(StoreObject),
    .tp_dealloc = (destructor)store_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The learned nogoods of one solve in C arrays (the twin of nogoods.NogoodStore).",
    .tp_new = store_new,
    .tp_methods = store_methods,
    .tp_members = store_members,
    .tp_as_sequence = &store_as_sequence,
};

static int
store_ready(PyObject *module)
{
    return add_kernel_type(module, &StoreType, "NogoodStore");
}

#endif /* HANJIE_KERNEL_STORE_H */
