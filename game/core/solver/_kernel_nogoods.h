/* Nogood watching, compiled: the twin of NogoodStore.propagate (nogoods.py) with
 * EngineState._set_by_rule as its assign, on the compiled store's arrays (_kernel_store.h).
 * Part of the compiled kernel (included by _kernel.c after _kernel_state.h).
 */
#ifndef HANJIE_KERNEL_NOGOODS_H
#define HANJIE_KERNEL_NOGOODS_H

#include "_kernel_state.h"


/* NogoodStore.propagate with EngineState._set_by_rule as its assign: 0 nothing left to look
 * at, 1 a cell forced (*entry_out, *id_out), 2 a nogood broke (*id_out), -1 error. Each watch
 * list is rewritten in place, in the order the pure store's new list has. */
static int
nogood_propagate(PropagatorObject *self, StoreObject *store, Py_ssize_t *head_io, int depth,
                 Counters *c, long *entry_out, int *id_out)
{
    const unsigned char *cells = (const unsigned char *)self->cells_view.buf;
    PyObject *trail = self->trail;
    Py_ssize_t head = *head_io, entries_end = ((Py_ssize_t)1 << CODE_BITS) * store->cells;
    while (head < PyList_GET_SIZE(trail)) {
        long entry = PyLong_AsLong(PyList_GET_ITEM(trail, head));
        head++;
        if (entry < 0 || entry >= entries_end) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a trail entry outside the grid");
            return -1;
        }
        if (entry >= store->nwatch)
            continue; /* past every kept nogood's entries: none watches it */
        IdVec *watching = &store->watches[entry];
        if (watching->size == 0)
            continue;
        *head_io = head;
        int *ids = watching->data;
        Py_ssize_t count = watching->size, kept = 0, i;
        int outcome = 0;
        for (i = 0; i < count; i++) {
            int id = ids[i];
            if (store->flags[id] & STORE_DROPPED)
                continue;
            int *entries = store->arena + store->start[id];
            int other = entries[0];
            if (other == entry) {
                other = entries[1];
                entries[0] = other;
                entries[1] = (int)entry;
            }
            int other_code = cells[other >> CODE_BITS];
            if (other_code && other_code != (other & CODE_MASK)) {
                ids[kept++] = id; /* the other watched entry can never hold now */
                continue;
            }
            int size = store->size[id], moved = 0;
            for (int position = 2; position < size; position++) {
                int candidate = entries[position];
                if (cells[candidate >> CODE_BITS] != (candidate & CODE_MASK)) {
                    entries[1] = candidate;
                    entries[position] = (int)entry;
                    /* candidate != entry (entry holds, candidate does not): ids stays put */
                    if (idvec_push(&store->watches[candidate], id) < 0) {
                        memmove(ids + kept, ids + i, (size_t)(count - i) * sizeof(int));
                        watching->size = kept + (count - i);
                        return -1;
                    }
                    moved = 1;
                    break;
                }
            }
            if (moved)
                continue;
            ids[kept++] = id;
            *id_out = id;
            if (other_code) { /* every entry holds */
                outcome = 2;
                break;
            }
            /* Force the other watched cell the other way (codes 1 and 2: XOR 3 swaps). */
            long forced_entry = other ^ 3;
            Py_ssize_t index = forced_entry >> CODE_BITS;
            if (place(self, index, (int)(forced_entry & CODE_MASK), BY_RULE, -1, depth, 1, 1, 1,
                      c) < 0) {
                memmove(ids + kept, ids + i + 1, (size_t)(count - i - 1) * sizeof(int));
                watching->size = kept + (count - i - 1);
                return -1;
            }
            store->rule_of[index] = id;
            *entry_out = forced_entry;
            /* One forced cell a call, so the engine's step for it shows the board as it is:
             * this entry's watches are looked at again next call. */
            *head_io = head - 1;
            outcome = 1;
            break;
        }
        if (outcome) { /* the rest stay, in order */
            Py_ssize_t rest = count - i - 1;
            memmove(ids + kept, ids + i + 1, (size_t)rest * sizeof(int));
            kept += rest;
        }
        watching->size = kept;
        if (outcome)
            return outcome;
        head = *head_io;
    }
    *head_io = head;
    return 0;
}

#endif /* HANJIE_KERNEL_NOGOODS_H */
