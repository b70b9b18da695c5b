/* expect: ok */
#include <stdint.h>
#include <stddef.h>

#define CONFIG_USE_TABLE 1
#define CONFIG_LEVEL 3
/* #define CONFIG_DEBUG */

#if defined(CONFIG_DEBUG)
#  include <stdio.h>
#  define TRACE(...) fprintf(stderr, __VA_ARGS__)
#else
#  define TRACE(...) ((void)0)
#endif

#if CONFIG_LEVEL >= 3
#  define UNROLL 4
#elif CONFIG_LEVEL == 2
#  define UNROLL 2
#else
#  define UNROLL 1
#endif

#ifndef WORD_TYPE
#  define WORD_TYPE uint32_t
#endif

typedef WORD_TYPE word_t;

#if CONFIG_USE_TABLE
static const uint8_t nibble_bits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

static int bits_in(word_t w)
{
    int c = 0;
    for (unsigned k = 0; k < sizeof(word_t) * 2; ++k) {
        c += nibble_bits[w & 0xFu];
        w >>= 4;
    }
    return c;
}
#else
static int bits_in(word_t w)
{
    int c = 0;
    while (w) {
        w &= w - 1;
        ++c;
    }
    return c;
}
#endif

long total_bits(const word_t *ws, size_t n)
{
    long total = 0;
    size_t i = 0;
#if UNROLL >= 4
    for (; i + 4 <= n; i += 4) {
        total += bits_in(ws[i]) + bits_in(ws[i + 1]);
        total += bits_in(ws[i + 2]) + bits_in(ws[i + 3]);
    }
#elif UNROLL == 2
    for (; i + 2 <= n; i += 2)
        total += bits_in(ws[i]) + bits_in(ws[i + 1]);
#endif
    for (; i < n; ++i)
        total += bits_in(ws[i]);
    TRACE("total=%ld\n", total);
    return total;
}

#ifdef __GNUC__
__attribute__((noinline))
#endif
int parity_of(const word_t *ws, size_t n)
{
    word_t acc = 0;
    for (size_t i = 0; i < n; ++i)
        acc ^= ws[i];
    return bits_in(acc) & 1;
}

#if 0
this text is never compiled and would be a syntax error if it were
#endif
