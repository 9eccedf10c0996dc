/* The line caches, compiled: the twin of LineSolver's per-clue dicts (line.py) for an engine
 * whose every line the word solver takes (at most WORD_LINE cells, SMALL_RUNS runs). Part of
 * the compiled kernel: _kernel.c includes it after _kernel_state.h.
 *
 * On such a grid the propagation loop looked up a Python dict a line solved (a bytes key made,
 * hashed and compared, the outcome's bytes decoded): 12-15 % of a hard TAAI 2011 puzzle's
 * time. Here a clue's cache is an open-addressing table keyed by the line's known cells as
 * two 64-bit masks, holding the forced cells as two masks, with LineSolver's exact counting
 * and keeping: a hit where the dict would hit, a line solved where it would miss, a clue's
 * cache emptied when it holds clue_limit outcomes, else the largest (the first of equals, in
 * the order the engine asked for the clues' caches) when all of them hold limit. So the
 * statistics (lines solved, cache hits) and everything counted on them stay those of pure
 * Python; tests/core/test_kernel_differential.py compares the sizes cache by cache.
 *
 * The Propagator owns these tables only when the solver's dicts are its caches, fresh and
 * empty (see cache_setup); otherwise the loop goes on looking up the dicts.
 */
#ifndef HANJIE_KERNEL_CACHE_H
#define HANJIE_KERNEL_CACHE_H

#include "_kernel_line.h"
#include "_kernel_state.h"


/* 32 bytes, two to a 64-byte line of memory: a look-up touches one line. The key is the
 * line's filled cells and its empty cells with bit ``length`` set (no cell of the line is
 * there, so the lengths of a clue's rows and columns never meet, and a used slot's ``empty``
 * is never 0: 0 marks a free slot). An outcome whose clue cannot hold has every bit of both
 * masks set (a real one never sets a bit in both). */
typedef struct {
    uint64_t filled, empty;         /* the key */
    uint64_t out_filled, out_empty; /* the outcome: the unknown cells it forces */
} CacheEntry;

#define CACHE_ALIGN 64
#define CACHE_MISFIT (~(uint64_t)0)

struct ClueCache {
    CacheEntry *table;   /* CACHE_ALIGN-aligned, inside ``block`` */
    void *block;         /* what was allocated */
    Py_ssize_t capacity; /* a power of two, or 0 before the first outcome */
    Py_ssize_t count;
};

static inline uint64_t
cache_hash(uint64_t filled, uint64_t empty_key)
{
    uint64_t h = filled * 0x9E3779B97F4A7C15ull ^ empty_key * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return h;
}

/* The key's second word: the empty cells and the length's bit (length <= MAX_WORD_LINE). */
static inline uint64_t
cache_empty_key(uint64_t empty, int length)
{
    return empty | ((uint64_t)1) << length;
}

/* The entry of this key, or NULL. */
static inline CacheEntry *
cache_find(ClueCache *cache, uint64_t filled, uint64_t empty_key)
{
    if (cache->capacity == 0)
        return NULL;
    size_t mask = (size_t)cache->capacity - 1;
    size_t at = (size_t)cache_hash(filled, empty_key) & mask;
    for (;;) {
        CacheEntry *entry = &cache->table[at];
        if (entry->empty == 0)
            return NULL;
        if (entry->empty == empty_key && entry->filled == filled)
            return entry;
        at = (at + 1) & mask;
    }
}

static void
cache_place(CacheEntry *table, Py_ssize_t capacity, const CacheEntry *entry)
{
    size_t mask = (size_t)capacity - 1;
    size_t at = (size_t)cache_hash(entry->filled, entry->empty) & mask;
    while (table[at].empty != 0)
        at = (at + 1) & mask;
    table[at] = *entry;
}

/* Add a key not in the cache (growing its table past three quarters full). */
static int
cache_add(ClueCache *cache, const CacheEntry *entry)
{
    if (4 * (cache->count + 1) > 3 * cache->capacity) {
        Py_ssize_t capacity = cache->capacity ? 2 * cache->capacity : 64;
        void *block = PyMem_Calloc(1, (size_t)capacity * sizeof(CacheEntry) + CACHE_ALIGN);
        if (block == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        uintptr_t start = ((uintptr_t)block + CACHE_ALIGN - 1) & ~(uintptr_t)(CACHE_ALIGN - 1);
        CacheEntry *table = (CacheEntry *)start;
        for (Py_ssize_t i = 0; i < cache->capacity; i++)
            if (cache->table[i].empty != 0)
                cache_place(table, capacity, &cache->table[i]);
        PyMem_Free(cache->block);
        cache->block = block;
        cache->table = table;
        cache->capacity = capacity;
    }
    cache_place(cache->table, cache->capacity, entry);
    cache->count += 1;
    return 0;
}

static void
cache_clear(ClueCache *cache)
{
    if (cache->capacity)
        memset(cache->table, 0, (size_t)cache->capacity * sizeof(CacheEntry));
    cache->count = 0;
}

static void
cache_free(PropagatorObject *self)
{
    if (self->clue_caches != NULL) {
        for (Py_ssize_t i = 0; i < self->nslots; i++)
            PyMem_Free(self->clue_caches[i].block);
        PyMem_Free(self->clue_caches);
        self->clue_caches = NULL;
    }
    PyMem_Free(self->slot_of);
    self->slot_of = NULL;
}

/* Own the line caches when every line is a word line and the solver's caches (its _caches
 * dict, in order) are the engine's, each empty, its size 0: each distinct cache object of
 * the engine's list is a slot, in the order of first use. 0 when owning (or not), -1 on an
 * error. */
static int
cache_setup(PropagatorObject *self)
{
    self->own_caches = 0;
    if (self->planes != 1) /* colour lines: the solver's own dicts and its solve_uncached */
        return 0;
    for (Py_ssize_t i = 0; i < self->nlines; i++) {
        Py_ssize_t length = i < self->height ? self->width : self->height;
        if (length > WORD_LINE || self->run_at[i + 1] - self->run_at[i] > SMALL_RUNS)
            return 0;
    }
    PyObject *dicts = self->line_caches;
    int fresh = ((const long long *)self->counts_view.buf)[LINE_SIZE] == 0;
    self->slot_of = PyMem_Calloc((size_t)self->nlines + 1, sizeof(Py_ssize_t));
    if (self->slot_of == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t slots = 0, at = 0;
    PyObject *value;
    for (Py_ssize_t i = 0; fresh && i < self->nlines; i++) {
        PyObject *cache = PyList_GET_ITEM(self->caches, i);
        Py_ssize_t slot = -1;
        for (Py_ssize_t j = 0; j < i && slot < 0; j++)
            if (PyList_GET_ITEM(self->caches, j) == cache)
                slot = self->slot_of[j];
        if (slot < 0) {
            /* A new cache: the next of the solver's, and empty. */
            if (!PyDict_Next(dicts, &at, NULL, &value) || value != cache ||
                !PyDict_Check(cache) || PyDict_GET_SIZE(cache) != 0)
                fresh = 0;
            slot = slots++;
        }
        self->slot_of[i] = slot;
    }
    if (fresh && PyDict_Next(dicts, &at, NULL, &value))
        fresh = 0; /* caches of clues that are not this grid's */
    if (!fresh) {
        PyMem_Free(self->slot_of);
        self->slot_of = NULL;
        return 0;
    }
    self->clue_caches = PyMem_Calloc((size_t)slots + 1, sizeof(ClueCache));
    if (self->clue_caches == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->nslots = slots;
    self->own_caches = 1;
    return 0;
}

/* Ask the memory for the table slot where line line_id's outcome would be, as the line now
 * stands: a hint only (the line may change before it is looked up), so the look-up that
 * follows a little later seldom waits for the memory. */
static inline void
cache_prefetch(PropagatorObject *self, Py_ssize_t line_id, int length)
{
    ClueCache *cache = &self->clue_caches[self->slot_of[line_id]];
    if (cache->capacity == 0)
        return;
    const unsigned char *line = self->line_data[line_id];
    uint64_t filled, empty;
    line_masks(line, length, &filled, &empty);
    size_t at = (size_t)cache_hash(filled, cache_empty_key(empty, length)) &
                ((size_t)cache->capacity - 1);
    prefetch_hint(&cache->table[at]);
}

/* The outcome of line line_id as it stands: LineSolver.solve's look-up, counted (c->hits on
 * a hit; else c->solved, the outcome kept as solve_uncached keeps it, c->size). 1 with the
 * forced cells' masks, 0 when the clue cannot hold, -1 on an error. */
static int
cache_solve(PropagatorObject *self, Py_ssize_t line_id, int length, Counters *c,
            uint64_t *out_filled, uint64_t *out_empty)
{
    const unsigned char *line = self->line_data[line_id];
    uint64_t filled, empty;
    line_masks(line, length, &filled, &empty);
    ClueCache *cache = &self->clue_caches[self->slot_of[line_id]];
    uint64_t empty_key = cache_empty_key(empty, length);
    CacheEntry *found = cache_find(cache, filled, empty_key);
    if (found != NULL) {
        c->hits += 1;
        if (found->out_filled == CACHE_MISFIT && found->out_empty == CACHE_MISFIT)
            return 0;
        *out_filled = found->out_filled;
        *out_empty = found->out_empty;
        return 1;
    }
    c->solved += 1;
    CacheEntry entry = {filled, empty_key, 0, 0};
    Py_ssize_t k = self->run_at[line_id + 1] - self->run_at[line_id];
    int fits = forced_masks(self->runs + self->run_at[line_id], k, filled, empty, length,
                            &entry.out_filled, &entry.out_empty);
    if (!fits)
        entry.out_filled = entry.out_empty = CACHE_MISFIT;
    if (cache->count >= c->clue_limit) {
        c->size -= cache->count;
        cache_clear(cache);
    }
    else if (c->size >= c->limit) {
        ClueCache *largest = NULL;
        for (Py_ssize_t i = 0; i < self->nslots; i++)
            if (largest == NULL || self->clue_caches[i].count > largest->count)
                largest = &self->clue_caches[i]; /* max() keeps the first of equals */
        c->size -= largest->count;
        cache_clear(largest);
    }
    if (cache_add(cache, &entry) < 0)
        return -1;
    c->size += 1;
    *out_filled = fits ? entry.out_filled : 0;
    *out_empty = fits ? entry.out_empty : 0;
    return fits;
}

/* cache_sizes() -> the number of outcomes each cache holds, in the order of the solver's
 * caches (len() of each of LineSolver._caches' values on pure Python), or None when the line
 * caches are the solver's dicts. */
static PyObject *
propagator_cache_sizes(PropagatorObject *self, PyObject *Py_UNUSED(ignored))
{
    if (!self->own_caches)
        Py_RETURN_NONE;
    PyObject *sizes = PyList_New(self->nslots);
    if (sizes == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < self->nslots; i++) {
        PyObject *count = PyLong_FromSsize_t(self->clue_caches[i].count);
        if (count == NULL) {
            Py_DECREF(sizes);
            return NULL;
        }
        PyList_SET_ITEM(sizes, i, count);
    }
    return sizes;
}

#endif /* HANJIE_KERNEL_CACHE_H */
