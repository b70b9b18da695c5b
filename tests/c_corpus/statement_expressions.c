/* expect: ok */
#include <stddef.h>

#define SAFE_MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SAFE_MIN(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define SUM_ARRAY(arr, n) ({            \
    __typeof__((arr)[0] + 0) _s = 0;    \
    for (size_t _i = 0; _i < (n); ++_i) \
        _s += (arr)[_i];                \
    _s;                                 \
})

int widest_range(const int *xs, size_t n)
{
    int lo = xs[0], hi = xs[0];
    for (size_t i = 1; i < n; ++i) {
        lo = SAFE_MIN(lo, xs[i]);
        hi = SAFE_MAX(hi, xs[i]);
    }
    return hi - lo;
}

double mean(const double *xs, size_t n)
{
    double total = SUM_ARRAY(xs, n);
    return n ? total / (double)n : 0.0;
}

int clamp_counter(int *counter, int limit)
{
    int v = ({
        int next = *counter + 1;
        if (next > limit)
            next = 0;
        *counter = next;
        next * 2;
    });
    return v;
}

long weighted(const long *xs, const long *ws, size_t n)
{
    long acc = 0;
    for (size_t i = 0; i < n; ++i)
        acc += ({ long p = xs[i] * ws[i]; p > 0 ? p : -p; });
    return acc + SUM_ARRAY(ws, n);
}
