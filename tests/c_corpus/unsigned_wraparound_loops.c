/* expect: ok */
#include <stddef.h>
#include <stdint.h>

void reverse_copy(const int *src, int *dst, size_t n)
{
    for (size_t i = n; i-- > 0;)
        dst[n - 1 - i] = src[i];
}

uint32_t sum_u8_wrap(void)
{
    uint32_t s = 0;
    for (uint8_t i = 250; i != 4; ++i)
        s += i;
    return s;
}

unsigned count_down_unsigned(unsigned n)
{
    unsigned steps = 0;
    for (unsigned i = n; i != 0; --i)
        steps += i & 1u;
    return steps;
}

uint16_t checksum16(const uint16_t *words, size_t n)
{
    uint16_t c = 0;
    for (size_t i = 0; i < n; ++i)
        c += words[i];
    return (uint16_t)~c;
}

uint64_t lcg_sequence(uint64_t seed, unsigned n)
{
    uint64_t x = seed;
    for (unsigned i = 0; i < n; ++i)
        x = x * 6364136223846793005ull + 1442695040888963407ull;
    return x;
}

int last_nonzero_index(const unsigned char *buf, unsigned len)
{
    unsigned i = len;
    while (i > 0) {
        --i;
        if (buf[i])
            return (int)i;
    }
    return -1;
}

size_t ring_advance(size_t head, size_t steps, size_t mask)
{
    for (size_t k = 0; k < steps; ++k)
        head = (head + 1u) & mask;
    return head;
}

unsigned wrap_diff(unsigned a, unsigned b)
{
    unsigned d = a - b;
    for (unsigned j = 0u; j < 16u; j += 3u)
        d ^= d >> j;
    return d;
}
