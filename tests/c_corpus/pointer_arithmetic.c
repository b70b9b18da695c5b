/* expect: ok */
#include <stddef.h>
#include <stdint.h>

void copy_strided(float *dst, const float *src, size_t n, ptrdiff_t stride)
{
    const float *s = src;
    float *d = dst;
    float *end = dst + n;
    while (d < end) {
        *d++ = *s;
        s += stride;
    }
}

ptrdiff_t span_of(const int *first, const int *last)
{
    return last - first;
}

int *find_first_greater(int *begin, int *end, int v)
{
    for (int *p = begin; p != end; ++p)
        if (*p > v)
            return p;
    return end;
}

void interleave(const short *a, const short *b, short *out, size_t n)
{
    const short *pa = a, *pb = b;
    short *po = out;
    for (size_t i = 0; i < n; ++i) {
        *po++ = *pa++;
        *po++ = *pb++;
    }
}

uint32_t read_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)*(p + 3) << 24);
}

size_t sum_le32_stream(const unsigned char *buf, size_t len, uint64_t *out)
{
    const unsigned char *p = buf;
    const unsigned char *end = buf + (len & ~(size_t)3);
    uint64_t s = 0;
    for (; p < end; p += 4)
        s += read_le32(p);
    *out = s;
    return (size_t)(p - buf);
}

void reverse_bytes(unsigned char *lo, unsigned char *hi)
{
    while (lo < hi) {
        unsigned char t = *lo;
        *lo++ = *--hi;
        *hi = t;
    }
}

double dot_via_pointers(const double *x, const double *y, size_t n)
{
    double s = 0.0;
    const double *xe = x + n;
    while (x != xe)
        s += *x++ * *y++;
    return s;
}

char *align_up(char *p, size_t align)
{
    uintptr_t v = (uintptr_t)p;
    uintptr_t a = (v + (align - 1)) & ~(uintptr_t)(align - 1);
    return p + (a - v);
}
