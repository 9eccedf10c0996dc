/* A line's explanation, compiled: the twin of Learner._line_reason (engine_learn.py) for lines
 * of up to MAX_WORD_LINE cells. Of the line's cells set before its solve, drop the latest
 * first while the rest still cannot hold the clue (with the forced cell the other way): what
 * is left is why the line forced the cell, or broke. Part of the compiled kernel (included by
 * _kernel_propagate.h, before _kernel_analyse.h, which explains contradictions with it).
 */
#ifndef HANJIE_KERNEL_REASON_H
#define HANJIE_KERNEL_REASON_H

#include "_kernel_propagate.h"


/* A growable array of trail entries. */
typedef struct {
    long *data;
    Py_ssize_t size, cap;
} LongVec;

static int
vec_reserve(LongVec *vec, Py_ssize_t need)
{
    if (need <= vec->cap)
        return 0;
    Py_ssize_t cap = vec->cap ? vec->cap : 64;
    while (cap < need)
        cap *= 2;
    long *data = PyMem_Realloc(vec->data, (size_t)cap * sizeof(long));
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    vec->data = data;
    vec->cap = cap;
    return 0;
}

static int
vec_push(LongVec *vec, long value)
{
    if (vec->size >= vec->cap && vec_reserve(vec, vec->size + 1) < 0)
        return -1;
    vec->data[vec->size++] = value;
    return 0;
}

/* One known cell of a line, for a line's reason. */
typedef struct {
    int at;
    int offset;
    Py_ssize_t index;
} Known;

/* The cells of line line_id set before trail position ``before``, in line order, into known;
 * their bits into filled and empty (word arrays, one word for a word line), and the cell
 * ``target`` (when >= 0) the other way, its offset in *target_offset (else -1). The count. */
static inline Py_ssize_t
known_cells(PropagatorObject *self, Py_ssize_t line_id, int before, Py_ssize_t target,
            Known *known, uint64_t *filled, uint64_t *empty, long long *target_offset)
{
    Py_ssize_t height = self->height, planes = self->planes, row_length = self->row_length;
    int is_row = line_id < height;
    Py_ssize_t length = is_row ? row_length : self->column_length;
    Py_ssize_t x = line_id - height;
    const unsigned char *line = self->line_data[line_id];
    const int *position = (const int *)self->position_view.buf;
    Py_ssize_t count = 0;
    for (Py_ssize_t offset = 0; offset < length; offset++) {
        int code = line[offset];
        if (!code)
            continue;
        Py_ssize_t index;
        if (is_row)
            index = line_id * row_length + offset;
        else if (planes == 1)
            index = offset * row_length + x;
        else
            index = (offset / planes) * row_length + x * planes + offset % planes;
        int at = position[index];
        if (at < before) {
            known[count].at = at;
            known[count].offset = (int)offset;
            known[count].index = index;
            count++;
            (code == 1 ? filled : empty)[offset / 64] |= ((uint64_t)1) << (offset % 64);
        }
    }
    *target_offset = -1;
    if (target >= 0) {
        const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
        long long offset;
        if (is_row)
            offset = target % row_length;
        else if (planes == 1)
            offset = target / row_length;
        else
            offset = (target / row_length) * planes + target % planes;
        uint64_t *side = cells[target] == 1 ? empty : filled; /* the other way */
        side[offset / 64] |= ((uint64_t)1) << (offset % 64);
        *target_offset = offset;
    }
    return count;
}

/* known, the latest set first (positions differ): an insertion sort, as a line holds few
 * (qsort's calls cost more at this size). */
static inline void
latest_first(Known *known, Py_ssize_t count)
{
    for (Py_ssize_t i = 1; i < count; i++) {
        Known moving = known[i];
        Py_ssize_t j = i;
        for (; j > 0 && known[j - 1].at < moving.at; j--)
            known[j] = known[j - 1];
        known[j] = moving;
    }
}

/* A line's explanation's key in the memory, written into ``memory`` (2 + 2 * words words:
 * the slot, target + 1, the filled masks, the empty masks) and made bytes in ``*key``; its
 * known cells in ``known``. The count of known cells, -1 on an error. */
static Py_ssize_t
reason_key(PropagatorObject *self, Py_ssize_t line_id, int before, Py_ssize_t target,
           Py_ssize_t slot, Py_ssize_t words, uint64_t *memory, Known *known, PyObject **key)
{
    long long target_offset;
    Py_ssize_t count = known_cells(self, line_id, before, target, known, memory + 2,
                                   memory + 2 + words, &target_offset);
    memory[0] = (uint64_t)slot;
    memory[1] = (uint64_t)(target_offset + 1);
    *key = PyBytes_FromStringAndSize((const char *)memory, (2 + 2 * words) * 8);
    return *key == NULL ? -1 : count;
}

/* reason_into for a line longer than a word (fits_long on word arrays): the same kept
 * entries in the same order (known cells in line order on a hit, the latest set first on a
 * miss, as the Python twin), its memory's keys bytes of the slot, target and masks. */
static int
reason_into_long(PropagatorObject *self, Py_ssize_t line_id, int before, Py_ssize_t target,
                 Py_ssize_t slot, PyObject *cache, Py_ssize_t limit, LongVec *out,
                 Py_ssize_t *fits_out)
{
    Py_ssize_t length = line_id < self->height ? self->row_length : self->column_length;
    Py_ssize_t words = (length + 2) / 64 + 1;
    const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
    /* The key (slot, target + 1, filled words, empty words), then the kept mask and the
     * fits scratch; the known cells. */
    Py_ssize_t key_words = 2 + 2 * words;
    uint64_t *memory = PyMem_Calloc((size_t)(key_words + 8 * words), sizeof(uint64_t));
    Known *known = PyMem_Malloc(((size_t)length + 1) * sizeof(Known));
    PyObject *key = NULL;
    int result = -1;
    if (memory == NULL || known == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    uint64_t *filled = memory + 2, *empty = memory + 2 + words;
    uint64_t *f = memory + key_words, *e = f + words, *scratch = e + words; /* 6 words */
    Py_ssize_t count = reason_key(self, line_id, before, target, slot, words, memory, known, &key);
    if (count < 0)
        goto done;
    *fits_out = 0;
    PyObject *cached = PyDict_GetItemWithError(cache, key);
    if (cached != NULL) {
        if (!PyBytes_Check(cached) || PyBytes_GET_SIZE(cached) != words * 8) {
            PyErr_SetString(PyExc_TypeError, "not a long line's explanation");
            goto done;
        }
        memcpy(f, PyBytes_AS_STRING(cached), (size_t)words * 8);
    }
    else {
        if (PyErr_Occurred())
            goto done;
        *fits_out = count;
        latest_first(known, count);
        const long *runs = self->runs + self->run_at[line_id];
        Py_ssize_t k = self->run_at[line_id + 1] - self->run_at[line_id];
        memcpy(f, filled, (size_t)words * 8);
        memcpy(e, empty, (size_t)words * 8);
        for (Py_ssize_t i = 0; i < count; i++) {
            Py_ssize_t at = known[i].offset / 64;
            uint64_t bit = ((uint64_t)1) << (known[i].offset % 64);
            uint64_t *side = (f[at] & bit) ? f : (e[at] & bit) ? e : NULL;
            if (side == NULL)
                continue;
            side[at] ^= bit;
            if (fits_long(runs, k, f, e, (long)length, words, scratch))
                side[at] ^= bit; /* needed: without it the clue fits */
        }
        for (Py_ssize_t i = 0; i < words; i++)
            f[i] |= e[i];
        if (PyDict_GET_SIZE(cache) >= limit)
            PyDict_Clear(cache);
        PyObject *value = PyBytes_FromStringAndSize((const char *)f, words * 8);
        if (value == NULL || PyDict_SetItem(cache, key, value) < 0) {
            Py_XDECREF(value);
            goto done;
        }
        Py_DECREF(value);
    }
    if (vec_reserve(out, out->size + count) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        int offset = known[i].offset;
        if ((f[offset / 64] >> (offset % 64)) & 1)
            out->data[out->size++] = (long)((known[i].index << 2) | cells[known[i].index]);
    }
    result = 0;
done:
    Py_XDECREF(key);
    PyMem_Free(memory);
    PyMem_Free(known);
    return result;
}

/* Word arrays of ``words`` words, lowest first, as a Python int (a new reference). */
static PyObject *
int_of_words(const uint64_t *value, Py_ssize_t words)
{
    PyObject *number = PyLong_FromLong(0);
    for (Py_ssize_t i = words - 1; i >= 0 && number != NULL; i--) {
        PyObject *shift = PyLong_FromLong(64), *word = PyLong_FromUnsignedLongLong(value[i]);
        PyObject *moved = shift != NULL ? PyNumber_Lshift(number, shift) : NULL;
        PyObject *joined = moved != NULL && word != NULL ? PyNumber_Or(moved, word) : NULL;
        Py_XDECREF(shift);
        Py_XDECREF(word);
        Py_XDECREF(moved);
        Py_DECREF(number);
        number = joined;
    }
    return number;
}

/* Bit ``offset`` of the Python int ``number``: 0 or 1, -1 on an error. */
static int
int_bit(PyObject *number, int offset)
{
    PyObject *shift = PyLong_FromLong(offset);
    PyObject *moved = shift != NULL ? PyNumber_Rshift(number, shift) : NULL;
    Py_XDECREF(shift);
    if (moved == NULL)
        return -1;
    PyObject *one = PyLong_FromLong(1);
    PyObject *bit = one != NULL ? PyNumber_And(moved, one) : NULL;
    Py_XDECREF(one);
    Py_DECREF(moved);
    if (bit == NULL)
        return -1;
    long value = PyLong_AsLong(bit);
    Py_DECREF(bit);
    return value == -1 && PyErr_Occurred() ? -1 : (int)value;
}

/* reason_into for a colour line (its variables, planes a cell): the same kept entries in the
 * same order as the Python twin, the dropping done by the line solver's own
 * smallest_reason (a PlaneLineSolver: the exact colour solver judges each try) on a miss;
 * the memory's keys bytes of the slot, target and masks, its values the kept mask. */
static int
reason_into_planes(PropagatorObject *self, Py_ssize_t line_id, int before, Py_ssize_t target,
                   Py_ssize_t slot, PyObject *cache, Py_ssize_t limit, LongVec *out,
                   Py_ssize_t *fits_out)
{
    Py_ssize_t length = line_id < self->height ? self->row_length : self->column_length;
    Py_ssize_t words = length / 64 + 1;
    const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
    Py_ssize_t key_words = 2 + 2 * words;
    uint64_t *memory = PyMem_Calloc((size_t)key_words, sizeof(uint64_t));
    Known *known = PyMem_Malloc(((size_t)length + 1) * sizeof(Known));
    PyObject *key = NULL, *kept = NULL;
    int result = -1;
    if (memory == NULL || known == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    uint64_t *filled = memory + 2, *empty = memory + 2 + words;
    Py_ssize_t count = reason_key(self, line_id, before, target, slot, words, memory, known, &key);
    if (count < 0)
        goto done;
    *fits_out = 0;
    kept = PyDict_GetItemWithError(cache, key);
    if (kept != NULL)
        Py_INCREF(kept);
    else {
        if (PyErr_Occurred())
            goto done;
        *fits_out = count;
        latest_first(known, count);
        PyObject *order = PyList_New(count);
        PyObject *filled_int = int_of_words(filled, words);
        PyObject *empty_int = int_of_words(empty, words);
        for (Py_ssize_t i = 0; order != NULL && i < count; i++) {
            PyObject *offset = PyLong_FromLong(known[i].offset);
            if (offset == NULL)
                Py_CLEAR(order);
            else
                PyList_SET_ITEM(order, i, offset);
        }
        if (order != NULL && filled_int != NULL && empty_int != NULL)
        {
            PyObject *size = PyLong_FromSsize_t(length);
            if (size != NULL)
                kept = PyObject_CallFunctionObjArgs(self->smallest_reason,
                                                    PyList_GET_ITEM(self->clues, line_id), size,
                                                    filled_int, empty_int, order, NULL);
            Py_XDECREF(size);
        }
        Py_XDECREF(order);
        Py_XDECREF(filled_int);
        Py_XDECREF(empty_int);
        if (kept == NULL)
            goto done;
        if (PyDict_GET_SIZE(cache) >= limit)
            PyDict_Clear(cache);
        if (PyDict_SetItem(cache, key, kept) < 0)
            goto done;
    }
    if (vec_reserve(out, out->size + count) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        int bit = int_bit(kept, known[i].offset);
        if (bit < 0)
            goto done;
        if (bit)
            out->data[out->size++] = (long)((known[i].index << 2) | cells[known[i].index]);
    }
    result = 0;
done:
    Py_XDECREF(key);
    Py_XDECREF(kept);
    PyMem_Free(memory);
    PyMem_Free(known);
    return result;
}

/* The twin of Learner._line_reason (a longer line goes to reason_into_long): the kept trail
 * entries appended to out, *fits_out the line fits tried. The explanation memory ``cache``
 * is the Python twin's (bytes keys here, ints there: never the same key, the same count of
 * entries, so the memory is emptied when the Python twin's would be). 0, or -1 on error. */
static int
reason_into(PropagatorObject *self, Py_ssize_t line_id, int before, Py_ssize_t target,
            Py_ssize_t slot, PyObject *cache, Py_ssize_t limit, LongVec *out,
            Py_ssize_t *fits_out)
{
    Py_ssize_t length = line_id < self->height ? self->row_length : self->column_length;
    if (self->planes > 1)
        return reason_into_planes(self, line_id, before, target, slot, cache, limit, out,
                                  fits_out);
    if (length > MAX_WORD_LINE)
        return reason_into_long(self, line_id, before, target, slot, cache, limit, out,
                                fits_out);
    const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
    Known known[MAX_WORD_LINE];
    uint64_t filled = 0, empty = 0;
    long long target_offset;
    Py_ssize_t count =
        known_cells(self, line_id, before, target, known, &filled, &empty, &target_offset);
    long long packed[4] = {(long long)slot, target_offset + 1, (long long)filled,
                           (long long)empty};
    PyObject *key = PyBytes_FromStringAndSize((const char *)packed, sizeof packed);
    if (key == NULL)
        return -1;
    *fits_out = 0;
    uint64_t kept_bits;
    PyObject *cached = PyDict_GetItemWithError(cache, key);
    if (cached != NULL) {
        kept_bits = (uint64_t)PyLong_AsUnsignedLongLong(cached);
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return -1;
        }
    }
    else {
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return -1;
        }
        *fits_out = count;
        latest_first(known, count);
        const long *runs = self->runs + self->run_at[line_id];
        Py_ssize_t k = self->run_at[line_id + 1] - self->run_at[line_id];
        uint64_t f = filled, e = empty;
        for (Py_ssize_t i = 0; i < count; i++) {
            uint64_t bit = ((uint64_t)1) << known[i].offset;
            if (f & bit) {
                if (!fits_word(runs, k, f ^ bit, e, (int)length))
                    f ^= bit;
            }
            else if ((e & bit) && !fits_word(runs, k, f, e ^ bit, (int)length))
                e ^= bit;
        }
        kept_bits = f | e;
        if (PyDict_GET_SIZE(cache) >= limit)
            PyDict_Clear(cache);
        PyObject *value = PyLong_FromUnsignedLongLong((unsigned long long)kept_bits);
        if (value == NULL || PyDict_SetItem(cache, key, value) < 0) {
            Py_XDECREF(value);
            Py_DECREF(key);
            return -1;
        }
        Py_DECREF(value);
    }
    Py_DECREF(key);
    if (vec_reserve(out, out->size + count) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < count; i++)
        if ((kept_bits >> known[i].offset) & 1)
            out->data[out->size++] = (long)((known[i].index << 2) | cells[known[i].index]);
    return 0;
}

/* reason(line_id, before, target, slot, cache, limit) -> (entries, fits): reason_into for
 * Learner._line_reason. */
static PyObject *
propagator_reason(PropagatorObject *self, PyObject *args)
{
    Py_ssize_t line_id, target, slot, limit;
    int before;
    PyObject *cache;
    if (!PyArg_ParseTuple(args, "ninnO!n", &line_id, &before, &target, &slot, &PyDict_Type,
                          &cache, &limit))
        return NULL;
    if (line_id < 0 || line_id >= self->nlines ||
        (target >= 0 && target >= self->nvars)) {
        PyErr_SetString(PyExc_ValueError, "no such line or cell");
        return NULL;
    }
    /* A line's reason holds at most its known cells: room for a word line's on the stack,
     * a longer line's on the heap. */
    Py_ssize_t length = line_id < self->height ? self->row_length : self->column_length;
    long room[MAX_WORD_LINE];
    LongVec out = {room, 0, MAX_WORD_LINE};
    if (length > MAX_WORD_LINE)
        out.data = NULL, out.cap = 0;
    Py_ssize_t fits = 0;
    PyObject *kept = NULL;
    if (reason_into(self, line_id, before, target, slot, cache, limit, &out, &fits) < 0)
        goto done;
    kept = PyList_New(out.size);
    if (kept == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < out.size; i++) {
        PyObject *entry = entry_object(self, out.data[i]);
        if (entry == NULL) {
            Py_CLEAR(kept);
            goto done;
        }
        PyList_SET_ITEM(kept, i, entry);
    }
done:
    if (out.data != room)
        PyMem_Free(out.data);
    return kept == NULL ? NULL : Py_BuildValue("Nn", kept, fits);
}

#endif /* HANJIE_KERNEL_REASON_H */
