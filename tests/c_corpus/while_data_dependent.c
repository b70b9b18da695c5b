/* expect: ok */
#include <stddef.h>
#include <stdint.h>

size_t skip_spaces(const char *s)
{
    size_t i = 0;
    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n')
        ++i;
    return i;
}

int binary_search(const int *xs, int n, int key)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (xs[mid] == key)
            return mid;
        if (xs[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

uint32_t isqrt(uint32_t v)
{
    uint32_t r = 0;
    while ((r + 1u) * (r + 1u) <= v)
        ++r;
    return r;
}

int follow_chain(const int *next, int start, int limit)
{
    int steps = 0;
    int cur = start;
    while (cur >= 0 && steps < limit) {
        cur = next[cur];
        ++steps;
    }
    return steps;
}

double accumulate_until(const double *xs, double threshold)
{
    double s = 0.0;
    const double *p = xs;
    while (s < threshold && *p != 0.0)
        s += *p++;
    return s;
}

unsigned gcd_u(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}
