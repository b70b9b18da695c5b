/* expect: unmodelable inline_asm */
#include <stdint.h>

static inline uint64_t read_tsc(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}

static inline uint32_t bswap32_asm(uint32_t x)
{
    __asm__("bswap %0" : "+r"(x));
    return x;
}

static inline void compiler_barrier(void)
{
    __asm__ __volatile__("" ::: "memory");
}

static inline uint64_t add_with_carry(uint64_t a, uint64_t b, int *carry)
{
    unsigned char c;
    asm("addq %3, %0\n\t"
        "setc %1"
        : "=r"(a), "=qm"(c)
        : "0"(a), "r"(b)
        : "cc");
    *carry = c;
    return a;
}

uint64_t time_byte_swaps(uint32_t *buf, int n)
{
    uint64_t start = read_tsc();
    for (int i = 0; i < n; ++i)
        buf[i] = bswap32_asm(buf[i]);
    compiler_barrier();
    return read_tsc() - start;
}

uint64_t wide_sum(const uint64_t *xs, int n, uint64_t *high)
{
    uint64_t lo = 0;
    *high = 0;
    for (int i = 0; i < n; ++i) {
        int c;
        lo = add_with_carry(lo, xs[i], &c);
        *high += (uint64_t)c;
    }
    return lo;
}
