/* expect: unmodelable recursion */
#include <stdio.h>
#include <stdint.h>

static uint64_t fib_naive(unsigned n)
{
    if (n < 2)
        return n;
    return fib_naive(n - 1) + fib_naive(n - 2);
}

static uint64_t fib_iter(unsigned n)
{
    uint64_t a = 0, b = 1;
    for (unsigned i = 0; i < n; ++i) {
        uint64_t t = a + b;
        a = b;
        b = t;
    }
    return a;
}

static uint64_t fib_memo_table[94];

static uint64_t fib_memo(unsigned n)
{
    if (n < 2)
        return n;
    if (fib_memo_table[n])
        return fib_memo_table[n];
    uint64_t r = fib_memo(n - 1) + fib_memo(n - 2);
    fib_memo_table[n] = r;
    return r;
}

int main(void)
{
    for (unsigned n = 0; n < 25; ++n) {
        uint64_t x = fib_naive(n);
        uint64_t y = fib_iter(n);
        uint64_t z = fib_memo(n);
        if (x != y || y != z) {
            printf("mismatch at %u\n", n);
            return 1;
        }
    }
    printf("fib(90) = %llu\n", (unsigned long long)fib_memo(90));
    return 0;
}
