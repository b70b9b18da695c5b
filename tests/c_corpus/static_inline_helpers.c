/* expect: ok */
#include <stddef.h>
#include <stdint.h>

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int iabs(int a) { return a < 0 ? -a : a; }
static inline float lerp(float a, float b, float t) { return a + (b - a) * t; }
static inline uint32_t hash_u32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static inline size_t idx2(size_t r, size_t c, size_t w) { return r * w + c; }

int manhattan_total(const int *xs, const int *ys, int n)
{
    int total = 0;
    for (int i = 1; i < n; ++i)
        total += iabs(xs[i] - xs[i - 1]) + iabs(ys[i] - ys[i - 1]);
    return total;
}

void range_of(const int *xs, int n, int *lo, int *hi)
{
    *lo = xs[0];
    *hi = xs[0];
    for (int i = 1; i < n; ++i) {
        *lo = imin(*lo, xs[i]);
        *hi = imax(*hi, xs[i]);
    }
}

void blend_rows(float *img, size_t w, size_t h, float t)
{
    for (size_t r = 1; r < h; ++r)
        for (size_t c = 0; c < w; ++c)
            img[idx2(r, c, w)] = lerp(img[idx2(r - 1, c, w)], img[idx2(r, c, w)], t);
}

uint32_t hash_array(const uint32_t *xs, size_t n)
{
    uint32_t h = 0;
    for (size_t i = 0; i < n; ++i)
        h = hash_u32(h ^ xs[i]);
    return h;
}
