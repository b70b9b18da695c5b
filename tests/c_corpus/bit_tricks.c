/* expect: ok */
#include <stdint.h>

static inline int popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static inline int is_power_of_two(uint64_t x)
{
    return x && !(x & (x - 1));
}

static inline uint32_t next_power_of_two(uint32_t x)
{
    if (x == 0)
        return 1;
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}

static inline uint32_t reverse_bits(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}

static inline uint32_t rotl32(uint32_t x, unsigned r)
{
    r &= 31u;
    return (x << r) | (x >> ((32u - r) & 31u));
}

int count_trailing_zeros_loop(uint32_t x)
{
    if (x == 0)
        return 32;
    int n = 0;
    while ((x & 1u) == 0) {
        x >>= 1;
        ++n;
    }
    return n;
}

uint64_t total_popcount(const uint32_t *words, int n)
{
    uint64_t total = 0;
    for (int i = 0; i < n; ++i)
        total += (uint64_t)popcount32(words[i]);
    return total;
}

uint32_t hash_words(const uint32_t *words, int n)
{
    uint32_t h = 0x811C9DC5u;
    for (int i = 0; i < n; ++i) {
        h ^= reverse_bits(words[i]);
        h = rotl32(h, 13) * 0x01000193u;
        h ^= next_power_of_two(words[i] & 0xFFFFu);
        h += (uint32_t)is_power_of_two(words[i]);
    }
    return h;
}

int sign_extend(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (1u << bits) - 1u;
    return (int)((v ^ m) - m);
}
