/* The GCC builtins the solver's kernel uses, for MSVC (forced in by hatch_build.py with /FI;
 * gcc and clang never read this file). Same results: __builtin_ctzll is the index of the
 * lowest set bit of a non-zero word; __builtin_prefetch is a hint, and a no-op here. */
#ifndef HANJIE_MSVC_BUILTINS_H
#define HANJIE_MSVC_BUILTINS_H
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>

static __inline int hanjie_ctzll(unsigned long long word)
{
    unsigned long index;
#if defined(_M_X64) || defined(_M_ARM64)
    _BitScanForward64(&index, word);
#else
    if ((unsigned long)word != 0) {
        _BitScanForward(&index, (unsigned long)word);
    } else {
        _BitScanForward(&index, (unsigned long)(word >> 32));
        index += 32;
    }
#endif
    return (int)index;
}

#define __builtin_ctzll(word) hanjie_ctzll(word)
#define __builtin_prefetch(...) ((void)0)
#endif
#endif
