/* The second search, compiled: the twin of depth_first.DepthFirst (depth_first.py), which
 * stays the reference: depth first, every unknown cell probed both ways at every node, no
 * learning, a probe's record kept while none of the lines it looked at changes. The same
 * order of everything as the twin (the queue first in first out, a line's forced cells in
 * line order, rounds column by column), so the same nodes, probes, work and slice ends;
 * tests/core/test_depth_first.py holds the two together.
 *
 * It owns its whole state in C arrays (the cells, each line's two masks, the trail, the
 * queue, the records), with a cache of outcomes per line: a line's look-up touches no
 * Python object. Black and white, lines of at most MAX_WORD_LINE cells. Part of the compiled
 * kernel (included by _kernel.c after _kernel_propagator.h).
 */
#ifndef HANJIE_KERNEL_DFS_H
#define HANJIE_KERNEL_DFS_H

#include "_kernel_cache.h"

#include <math.h>

/* Outcomes a line's cache holds before it is emptied (a pure speed-up: work counts the
 * lines looked at, however answered). */
#define DFS_CACHE_CAP 4096

enum { DFS_START = 0, DFS_PROBING = 1, DFS_FINISHED = 2 };

/* One way of one cell, probed (depth_first.Record). */
typedef struct {
    uint64_t tick;
    int held; /* -1: never probed */
    int nvisited;
    int nentries, capacity;
    int *visited; /* nlines slots */
    int *entries; /* capacity slots, grown as a probe sets more */
} DfsRecord;

typedef struct {
    PyObject_HEAD
    int width, height, nlines, ncells;
    long *runs;
    Py_ssize_t *run_at;
    unsigned char *cells;
    int *order;               /* the cells column by column (DepthFirst.order) */
    uint64_t *filled, *empty; /* each line's known cells */
    int unknown;
    int *trail;
    int trail_len;
    int *queue;
    int queue_head, queue_len;
    unsigned char *queued;
    uint64_t *line_stamp;
    uint64_t tick;
    DfsRecord *records; /* cell * 2 + (code - 1) */
    int *stack_cell, *stack_mark;
    unsigned char *stack_second;
    int depth;
    int phase, cursor, changed, complete;
    long long max_solutions; /* -1: every one */
    long long work, nodes, probes;
    PyObject *solutions; /* a list of bytes */
    ClueCache *caches;   /* one a line */
    unsigned int generation;
    unsigned int *seen_line;  /* a probe's visited lines: the generation that saw each */
    unsigned int *seen_cell;  /* the agreement: the generation that marked each cell */
    unsigned char *seen_code; /* ... and the code it was marked with */
    int *agreed;
} DfsObject;

static void *
dfs_calloc(size_t count, size_t size)
{
    void *memory = PyMem_Calloc(count ? count : 1, size);
    if (memory == NULL)
        PyErr_NoMemory();
    return memory;
}

/* A fresh generation for seen_line / seen_cell (both cleared when the counter wraps). */
static void
dfs_next_generation(DfsObject *self)
{
    self->generation += 1;
    if (self->generation == 0) {
        memset(self->seen_line, 0, (size_t)self->nlines * sizeof(unsigned int));
        memset(self->seen_cell, 0, (size_t)self->ncells * sizeof(unsigned int));
        self->generation = 1;
    }
}

static inline void
dfs_queue(DfsObject *self, int line)
{
    if (self->queued[line])
        return;
    self->queued[line] = 1;
    self->queue[(self->queue_head + self->queue_len) % self->nlines] = line;
    self->queue_len += 1;
}

static void
dfs_clear_queue(DfsObject *self)
{
    while (self->queue_len) {
        self->queued[self->queue[self->queue_head]] = 0;
        self->queue_head = (self->queue_head + 1) % self->nlines;
        self->queue_len -= 1;
    }
}

static inline void
dfs_stamp(DfsObject *self, int y, int x)
{
    self->tick += 1;
    self->line_stamp[y] = self->tick;
    self->line_stamp[self->height + x] = self->tick;
}

static inline void
dfs_set(DfsObject *self, int index, int code, int real)
{
    int y = index / self->width, x = index - y * self->width;
    self->cells[index] = (unsigned char)code;
    self->unknown -= 1;
    self->trail[self->trail_len++] = (index << 2) | code;
    uint64_t *side = code == CELL_FILLED ? self->filled : self->empty;
    side[y] |= ((uint64_t)1) << x;
    side[self->height + x] |= ((uint64_t)1) << y;
    if (real)
        dfs_stamp(self, y, x);
    dfs_queue(self, y);
    dfs_queue(self, self->height + x);
}

static void
dfs_undo_to(DfsObject *self, int mark, int real)
{
    for (int at = mark; at < self->trail_len; at++) {
        int index = self->trail[at] >> 2;
        int y = index / self->width, x = index - y * self->width;
        uint64_t keep_row = ~(((uint64_t)1) << x), keep_column = ~(((uint64_t)1) << y);
        self->cells[index] = 0;
        self->filled[y] &= keep_row;
        self->empty[y] &= keep_row;
        self->filled[self->height + x] &= keep_column;
        self->empty[self->height + x] &= keep_column;
        if (real)
            dfs_stamp(self, y, x);
    }
    self->unknown += self->trail_len - mark;
    self->trail_len = mark;
}

/* A line's forced cells as it stands, from its cache or solved: 1 with the masks, 0 when
 * its clue cannot hold, -1 on an error. */
static int
dfs_solve_line(DfsObject *self, int line, uint64_t *forced_filled, uint64_t *forced_empty)
{
    int length = line < self->height ? self->width : self->height;
    uint64_t filled = self->filled[line], empty = self->empty[line];
    uint64_t empty_key = cache_empty_key(empty, length);
    ClueCache *cache = &self->caches[line];
    CacheEntry *found = cache_find(cache, filled, empty_key);
    if (found != NULL) {
        if (found->out_filled == CACHE_MISFIT && found->out_empty == CACHE_MISFIT)
            return 0;
        *forced_filled = found->out_filled;
        *forced_empty = found->out_empty;
        return 1;
    }
    CacheEntry entry = {filled, empty_key, 0, 0};
    Py_ssize_t at = self->run_at[line], k = self->run_at[line + 1] - at;
    int fits = forced_masks(self->runs + at, k, filled, empty, length, &entry.out_filled,
                            &entry.out_empty);
    if (!fits)
        entry.out_filled = entry.out_empty = CACHE_MISFIT;
    if (cache->count >= DFS_CACHE_CAP)
        cache_clear(cache);
    if (cache_add(cache, &entry) < 0)
        return -1;
    *forced_filled = fits ? entry.out_filled : 0;
    *forced_empty = fits ? entry.out_empty : 0;
    return fits;
}

/* DepthFirst._propagate: set ``entries``, then the queued lines to their fixpoint. 1 when
 * they hold, 0 on a contradiction, -1 on an error. With ``record`` the lines looked at go
 * into it (once each). */
static int
dfs_propagate(DfsObject *self, const int *entries, int count, int real, DfsRecord *record)
{
    for (int i = 0; i < count; i++) {
        int index = entries[i] >> 2, code = entries[i] & 3;
        if (self->cells[index] == code)
            continue;
        if (self->cells[index]) {
            dfs_clear_queue(self);
            return 0;
        }
        dfs_set(self, index, code, real);
    }
    int width = self->width, height = self->height;
    while (self->queue_len) {
        int line = self->queue[self->queue_head];
        self->queue_head = (self->queue_head + 1) % self->nlines;
        self->queue_len -= 1;
        self->queued[line] = 0;
        self->work += 1;
        if (record != NULL && self->seen_line[line] != self->generation) {
            self->seen_line[line] = self->generation;
            record->visited[record->nvisited++] = line;
        }
        uint64_t forced_filled, forced_empty;
        int fits = dfs_solve_line(self, line, &forced_filled, &forced_empty);
        if (fits < 0)
            return -1;
        if (!fits) {
            dfs_clear_queue(self);
            return 0;
        }
        for (uint64_t rest = forced_filled | forced_empty; rest; rest &= rest - 1) {
            int at = lowest_bit(rest);
            int code = (forced_filled >> at) & 1 ? CELL_FILLED : CELL_EMPTY;
            int index = line < height ? line * width + at : at * width + (line - height);
            dfs_set(self, index, code, real);
        }
    }
    return 1;
}

/* DepthFirst._record: the kept record of ``index`` set to ``code`` while its lines stand,
 * else a new probe's. NULL on an error. */
static DfsRecord *
dfs_record(DfsObject *self, int index, int code)
{
    DfsRecord *record = &self->records[index * 2 + (code - 1)];
    if (record->held >= 0) {
        int current = 1;
        for (int i = 0; i < record->nvisited && current; i++)
            current = self->line_stamp[record->visited[i]] <= record->tick;
        if (current)
            return record;
    }
    self->probes += 1;
    int mark = self->trail_len;
    int entry = (index << 2) | code;
    dfs_next_generation(self);
    record->nvisited = 0;
    int held = dfs_propagate(self, &entry, 1, 0, record);
    if (held < 0)
        return NULL;
    int count = self->trail_len - mark;
    if (count > record->capacity) {
        int capacity = count < 16 ? 16 : count + count / 2;
        if (capacity > self->ncells)
            capacity = self->ncells;
        int *entries = PyMem_Realloc(record->entries, (size_t)capacity * sizeof(int));
        if (entries == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        record->entries = entries;
        record->capacity = capacity;
    }
    record->nentries = count;
    memcpy(record->entries, self->trail + mark, (size_t)record->nentries * sizeof(int));
    dfs_undo_to(self, mark, 0);
    record->tick = self->tick;
    record->held = held;
    return record;
}

static int
dfs_ascending(const void *a, const void *b)
{
    int left = *(const int *)a, right = *(const int *)b;
    return (left > right) - (left < right);
}

static int dfs_backtrack(DfsObject *self);

/* DepthFirst._count_leaf: the grid as a solution (bytes, 1 filled). 1 when that makes
 * max_solutions (the search is then finished), 0 if not, -1 on an error. */
static int
dfs_solution(DfsObject *self)
{
    PyObject *grid = PyBytes_FromStringAndSize(NULL, self->ncells);
    if (grid == NULL)
        return -1;
    char *out = PyBytes_AS_STRING(grid);
    for (int i = 0; i < self->ncells; i++)
        out[i] = self->cells[i] == CELL_FILLED;
    int failed = PyList_Append(self->solutions, grid);
    Py_DECREF(grid);
    if (failed < 0)
        return -1;
    if (self->max_solutions < 0 || PyList_GET_SIZE(self->solutions) < self->max_solutions)
        return 0;
    self->phase = DFS_FINISHED;
    return 1;
}

static int
dfs_leaf(DfsObject *self)
{
    int ended = dfs_solution(self);
    if (ended)
        return ended < 0 ? -1 : 0;
    return dfs_backtrack(self);
}

/* DepthFirst._after. */
static int
dfs_after(DfsObject *self, int held)
{
    if (held < 0)
        return -1;
    if (!held)
        return dfs_backtrack(self);
    if (!self->unknown)
        return dfs_leaf(self);
    return 0;
}

static void
dfs_enter(DfsObject *self)
{
    self->phase = DFS_PROBING;
    self->cursor = 0;
    self->changed = 0;
}

/* DepthFirst._backtrack. */
static int
dfs_backtrack(DfsObject *self)
{
    while (self->depth) {
        int top = self->depth - 1;
        int index = self->stack_cell[top], mark = self->stack_mark[top];
        dfs_undo_to(self, mark, 1);
        if (self->stack_second[top]) {
            self->depth -= 1;
            continue;
        }
        self->stack_second[top] = 1;
        int entry = (index << 2) | CELL_EMPTY;
        int held = dfs_propagate(self, &entry, 1, 1, NULL);
        if (held < 0)
            return -1;
        if (!held)
            continue;
        if (!self->unknown) {
            int ended = dfs_solution(self);
            if (ended)
                return ended < 0 ? -1 : 0;
            continue;
        }
        dfs_enter(self);
        return 0;
    }
    self->complete = 1;
    self->phase = DFS_FINISHED;
    return 0;
}

/* DepthFirst._probe_cell. */
static int
dfs_probe_cell(DfsObject *self, int index)
{
    DfsRecord *when_filled = dfs_record(self, index, CELL_FILLED);
    if (when_filled == NULL)
        return -1;
    DfsRecord *when_empty = dfs_record(self, index, CELL_EMPTY);
    if (when_empty == NULL)
        return -1;
    if (!when_filled->held && !when_empty->held)
        return dfs_backtrack(self);
    int count = 0;
    if (!when_filled->held || !when_empty->held) {
        self->agreed[count++] = (index << 2) | (!when_filled->held ? CELL_EMPTY : CELL_FILLED);
    }
    else {
        dfs_next_generation(self);
        for (int i = 0; i < when_filled->nentries; i++) {
            int entry = when_filled->entries[i];
            self->seen_cell[entry >> 2] = self->generation;
            self->seen_code[entry >> 2] = (unsigned char)(entry & 3);
        }
        for (int i = 0; i < when_empty->nentries; i++) {
            int entry = when_empty->entries[i];
            if (self->seen_cell[entry >> 2] == self->generation &&
                self->seen_code[entry >> 2] == (entry & 3))
                self->agreed[count++] = entry;
        }
        if (!count)
            return 0;
        qsort(self->agreed, (size_t)count, sizeof(int), dfs_ascending);
    }
    self->changed = 1;
    return dfs_after(self, dfs_propagate(self, self->agreed, count, 1, NULL));
}

/* DepthFirst._best. */
static int
dfs_best(DfsObject *self)
{
    int best = -1;
    double best_score = -1.0;
    for (int at = 0; at < self->ncells; at++) {
        int index = self->order[at];
        if (self->cells[index])
            continue;
        int f = self->records[index * 2].nentries, e = self->records[index * 2 + 1].nentries;
        double score = (f < e ? f : e) + IMBALANCE_WEIGHT * log1p(f > e ? f - e : e - f);
        if (score > best_score) {
            best = index;
            best_score = score;
        }
    }
    return best;
}

/* DepthFirst.step. */
static int
dfs_step(DfsObject *self)
{
    if (self->phase == DFS_START) {
        dfs_enter(self);
        for (int line = 0; line < self->nlines; line++)
            dfs_queue(self, line);
        return dfs_after(self, dfs_propagate(self, NULL, 0, 1, NULL));
    }
    if (self->cursor < self->ncells) {
        int index = self->order[self->cursor++];
        if (!self->cells[index])
            return dfs_probe_cell(self, index);
        return 0;
    }
    if (self->changed) {
        dfs_enter(self);
        return 0;
    }
    int index = dfs_best(self);
    self->nodes += 1;
    self->stack_cell[self->depth] = index;
    self->stack_mark[self->depth] = self->trail_len;
    self->stack_second[self->depth] = 0;
    self->depth += 1;
    dfs_enter(self);
    int entry = (index << 2) | CELL_FILLED;
    return dfs_after(self, dfs_propagate(self, &entry, 1, 1, NULL));
}

/* run(budget): work until the lines looked at reach budget (None: no bound) or the end. */
static PyObject *
dfs_run(DfsObject *self, PyObject *args)
{
    PyObject *budget_obj;
    if (!PyArg_ParseTuple(args, "O", &budget_obj))
        return NULL;
    long long budget = -1;
    if (budget_obj != Py_None) {
        budget = PyLong_AsLongLong(budget_obj);
        if (budget == -1 && PyErr_Occurred())
            return NULL;
    }
    while (self->phase != DFS_FINISHED && (budget < 0 || self->work < budget))
        if (dfs_step(self) < 0)
            return NULL;
    Py_RETURN_NONE;
}

static void
dfs_dealloc(DfsObject *self)
{
    if (self->records != NULL) {
        for (int i = 0; i < 2 * self->ncells; i++) {
            PyMem_Free(self->records[i].visited);
            PyMem_Free(self->records[i].entries);
        }
    }
    if (self->caches != NULL)
        for (int i = 0; i < self->nlines; i++)
            PyMem_Free(self->caches[i].block);
    void *arrays[] = {self->runs,       self->run_at,      self->cells,        self->order,
                      self->filled,
                      self->empty,      self->trail,       self->queue,        self->queued,
                      self->line_stamp, self->records,     self->stack_cell,   self->stack_mark,
                      self->stack_second, self->caches,    self->seen_line,    self->seen_cell,
                      self->seen_code,  self->agreed};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++)
        PyMem_Free(arrays[i]);
    Py_XDECREF(self->solutions);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The runs of every line (rows, then columns) into self->runs / run_at: 0, or -1 with an
 * error set (a clue of numbers under 1, or longer than its line). */
static int
dfs_read_clues(DfsObject *self, PyObject *clues)
{
    PyObject *lines = PySequence_Fast(clues, "clues must be a sequence of clues");
    if (lines == NULL)
        return -1;
    int failed = -1;
    if (PySequence_Fast_GET_SIZE(lines) != self->nlines) {
        PyErr_SetString(PyExc_ValueError, "one clue a row, then one a column");
        goto done;
    }
    self->run_at = dfs_calloc((size_t)self->nlines + 1, sizeof(Py_ssize_t));
    self->runs = dfs_calloc((size_t)self->nlines * (MAX_WORD_LINE + 1) / 2 + 1, sizeof(long));
    if (self->run_at == NULL || self->runs == NULL)
        goto done;
    Py_ssize_t total = 0;
    for (int line = 0; line < self->nlines; line++) {
        int length = line < self->height ? self->width : self->height;
        PyObject *clue = PySequence_Fast(PySequence_Fast_GET_ITEM(lines, line),
                                         "a clue must be a sequence of run lengths");
        if (clue == NULL)
            goto done;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(clue), need = k ? k - 1 : 0;
        self->run_at[line] = total;
        for (Py_ssize_t j = 0; j < k; j++) {
            long run = PyLong_AsLong(PySequence_Fast_GET_ITEM(clue, j));
            if (run == -1 && PyErr_Occurred()) {
                Py_DECREF(clue);
                goto done;
            }
            need += run;
            if (run < 1 || need > length) {
                Py_DECREF(clue);
                PyErr_SetString(PyExc_ValueError, "a clue's runs are at least 1 and fit its line");
                goto done;
            }
            self->runs[total++] = run;
        }
        Py_DECREF(clue);
    }
    self->run_at[self->nlines] = total;
    failed = 0;
done:
    Py_DECREF(lines);
    return failed;
}

/* DepthFirst(width, height, clues, max_solutions): the search before its first step. */
static PyObject *
dfs_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"width", "height", "clues", "max_solutions", NULL};
    int width, height;
    PyObject *clues, *limit;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiOO", keywords, &width, &height, &clues,
                                     &limit))
        return NULL;
    if (width < 1 || height < 1 || width > MAX_WORD_LINE || height > MAX_WORD_LINE) {
        PyErr_SetString(PyExc_ValueError, "a side of 1 to MAX_WORD_LINE cells");
        return NULL;
    }
    long long max_solutions = -1;
    if (limit != Py_None) {
        max_solutions = PyLong_AsLongLong(limit);
        if (max_solutions == -1 && PyErr_Occurred())
            return NULL;
        if (max_solutions < 1) {
            PyErr_SetString(PyExc_ValueError, "max_solutions must be at least 1 (or None)");
            return NULL;
        }
    }
    DfsObject *self = (DfsObject *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->width = width;
    self->height = height;
    self->nlines = width + height;
    self->ncells = width * height;
    self->unknown = self->ncells;
    self->max_solutions = max_solutions;
    size_t cells = (size_t)self->ncells, lines = (size_t)self->nlines;
    self->solutions = PyList_New(0);
    self->cells = dfs_calloc(cells, 1);
    self->order = dfs_calloc(cells, sizeof(int));
    self->filled = dfs_calloc(lines, sizeof(uint64_t));
    self->empty = dfs_calloc(lines, sizeof(uint64_t));
    self->trail = dfs_calloc(cells, sizeof(int));
    self->queue = dfs_calloc(lines, sizeof(int));
    self->queued = dfs_calloc(lines, 1);
    self->line_stamp = dfs_calloc(lines, sizeof(uint64_t));
    self->records = dfs_calloc(2 * cells, sizeof(DfsRecord));
    self->stack_cell = dfs_calloc(cells, sizeof(int));
    self->stack_mark = dfs_calloc(cells, sizeof(int));
    self->stack_second = dfs_calloc(cells, 1);
    self->caches = dfs_calloc(lines, sizeof(ClueCache));
    self->seen_line = dfs_calloc(lines, sizeof(unsigned int));
    self->seen_cell = dfs_calloc(cells, sizeof(unsigned int));
    self->seen_code = dfs_calloc(cells, 1);
    self->agreed = dfs_calloc(cells, sizeof(int));
    if (self->solutions == NULL || self->cells == NULL || self->order == NULL ||
        self->filled == NULL ||
        self->empty == NULL || self->trail == NULL || self->queue == NULL ||
        self->queued == NULL || self->line_stamp == NULL || self->records == NULL ||
        self->stack_cell == NULL || self->stack_mark == NULL || self->stack_second == NULL ||
        self->caches == NULL || self->seen_line == NULL || self->seen_cell == NULL ||
        self->seen_code == NULL || self->agreed == NULL)
        goto error;
    for (size_t i = 0; i < 2 * cells; i++) {
        self->records[i].held = -1;
        self->records[i].visited = dfs_calloc(lines, sizeof(int));
        if (self->records[i].visited == NULL)
            goto error;
    }
    if (dfs_read_clues(self, clues) < 0)
        goto error;
    for (int x = 0, at = 0; x < width; x++)
        for (int y = 0; y < height; y++)
            self->order[at++] = y * width + x;
    self->phase = DFS_START;
    return (PyObject *)self;
error:
    Py_DECREF(self);
    return NULL;
}

static PyObject *
dfs_solutions(DfsObject *self, void *Py_UNUSED(closure))
{
    return PyList_GetSlice(self->solutions, 0, PyList_GET_SIZE(self->solutions));
}

static PyObject *
dfs_finished(DfsObject *self, void *Py_UNUSED(closure))
{
    return PyBool_FromLong(self->phase == DFS_FINISHED);
}

static PyObject *
dfs_complete(DfsObject *self, void *Py_UNUSED(closure))
{
    return PyBool_FromLong(self->complete);
}

static PyMemberDef dfs_members[] = {
    {"work", T_LONGLONG, offsetof(DfsObject, work), READONLY, "lines looked at"},
    {"nodes", T_LONGLONG, offsetof(DfsObject, nodes), READONLY, "guesses made"},
    {"probes", T_LONGLONG, offsetof(DfsObject, probes), READONLY, "probes made (not records)"},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef dfs_getset[] = {
    {"solutions", (getter)dfs_solutions, NULL, "the solutions found (bytes, 1 filled)", NULL},
    {"finished", (getter)dfs_finished, NULL, "whether the search ended", NULL},
    {"complete", (getter)dfs_complete, NULL, "whether the whole tree was searched", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef dfs_methods[] = {
    {"run", (PyCFunction)dfs_run, METH_VARARGS,
     "run(budget): work until budget lines were looked at (None: no bound) or the end"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject DepthFirstType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.core.solver._kernel.DepthFirst",
    .tp_basicsize = sizeof(DfsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "depth_first.DepthFirst's compiled twin (_kernel_dfs.h)",
    .tp_new = dfs_new,
    .tp_dealloc = (destructor)dfs_dealloc,
    .tp_methods = dfs_methods,
    .tp_members = dfs_members,
    .tp_getset = dfs_getset,
};

static int
depth_first_ready(PyObject *module)
{
    return add_kernel_type(module, &DepthFirstType, "DepthFirst");
}

#endif /* HANJIE_KERNEL_DFS_H */
