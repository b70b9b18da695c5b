/* expect: unmodelable goto,inline_asm */
#include <stdint.h>

struct cpu_info {
    uint32_t max_leaf;
    char vendor[13];
    int has_sse42;
    int has_avx2;
};

static void cpuid(uint32_t leaf, uint32_t sub, uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d)
{
    __asm__ __volatile__("cpuid"
                         : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
                         : "a"(leaf), "c"(sub));
}

static int rdrand64(uint64_t *out)
{
    unsigned char ok;
    __asm__ __volatile__("rdrand %0; setc %1" : "=r"(*out), "=qm"(ok) : : "cc");
    return ok;
}

void query_cpu(struct cpu_info *info)
{
    uint32_t a, b, c, d;
    cpuid(0, 0, &a, &b, &c, &d);
    info->max_leaf = a;
    for (int i = 0; i < 4; ++i) {
        info->vendor[i] = (char)(b >> (8 * i));
        info->vendor[4 + i] = (char)(d >> (8 * i));
        info->vendor[8 + i] = (char)(c >> (8 * i));
    }
    info->vendor[12] = '\0';
    info->has_sse42 = info->has_avx2 = 0;
    if (info->max_leaf < 1)
        goto out;
    cpuid(1, 0, &a, &b, &c, &d);
    info->has_sse42 = (c >> 20) & 1;
    if (info->max_leaf < 7)
        goto out;
    cpuid(7, 0, &a, &b, &c, &d);
    info->has_avx2 = (b >> 5) & 1;
out:
    return;
}

uint64_t random_u64(void)
{
    uint64_t v;
    int tries = 0;
retry:
    if (!rdrand64(&v)) {
        if (++tries < 10)
            goto retry;
        v = 0x9E3779B97F4A7C15ull;
    }
    return v;
}
