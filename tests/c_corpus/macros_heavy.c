/* expect: ok */
#include <stddef.h>
#include <stdint.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define CLAMP(x, lo, hi) MIN(MAX((x), (lo)), (hi))
#define SQUARE(x) ((x) * (x))
#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#define FOR_RANGE(var, lo, hi) for (int var = (lo); var < (hi); ++var)
#define SWAP(T, a, b) do { T CONCAT(tmp_, __LINE__) = (a); (a) = (b); (b) = CONCAT(tmp_, __LINE__); } while (0)

#define DEFINE_SUM(T, name)                      \
    static T name(const T *xs, size_t n)         \
    {                                            \
        T acc = 0;                               \
        for (size_t i = 0; i < n; ++i)           \
            acc += xs[i];                        \
        return acc;                              \
    }

DEFINE_SUM(int, sum_int)
DEFINE_SUM(double, sum_double)
DEFINE_SUM(uint64_t, sum_u64)

static const char *const build_tag = "macros-" STRINGIFY(__LINE__);

int clamp_all(int *xs, size_t n, int lo, int hi)
{
    int changed = 0;
    for (size_t i = 0; i < n; ++i) {
        int c = CLAMP(xs[i], lo, hi);
        changed += c != xs[i];
        xs[i] = c;
    }
    return changed;
}

long sum_of_squares(int n)
{
    long total = 0;
    FOR_RANGE(k, 0, n) {
        total += SQUARE((long)k);
    }
    return total;
}

void reverse_ints(int *xs, size_t n)
{
    if (n < 2)
        return;
    size_t i = 0, j = n - 1;
    while (i < j) {
        SWAP(int, xs[i], xs[j]);
        ++i;
        --j;
    }
}

double mixed_totals(void)
{
    int a[] = {1, 2, 3, 4, 5, 6, 7, 8};
    double d[] = {0.5, 1.5, 2.5};
    uint64_t u[] = {10u, 20u, 30u, 40u};
    (void)build_tag;
    return sum_int(a, ARRAY_LEN(a)) + sum_double(d, ARRAY_LEN(d)) +
           (double)sum_u64(u, ARRAY_LEN(u));
}
