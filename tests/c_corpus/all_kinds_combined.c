/* expect: unmodelable function_pointer,inline_asm,recursion,setjmp,vla */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

static jmp_buf abort_env;

typedef long (*reducer)(long, long);

static long r_add(long a, long b) { return a + b; }
static long r_max(long a, long b) { return a > b ? a : b; }

static long reduce(const long *xs, int n, reducer r, long init)
{
    long acc = init;
    for (int i = 0; i < n; ++i)
        acc = r(acc, xs[i]);
    return acc;
}

static long ackermann_bounded(long m, long n, int *budget)
{
    if (--*budget < 0)
        longjmp(abort_env, 2);
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann_bounded(m - 1, 1, budget);
    return ackermann_bounded(m - 1, ackermann_bounded(m, n - 1, budget), budget);
}

static uint64_t cycle_counter(void)
{
    uint32_t lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}

static int fill_window(int n, long out[])
{
    long window[n];
    int i = 0;
loop:
    if (i >= n)
        goto finished;
    window[i] = (long)i * i;
    out[i] = window[i];
    ++i;
    goto loop;
finished:
    return i;
}

int main(void)
{
    long data[8];
    int budget = 100000;
    uint64_t t0 = cycle_counter();
    int n = fill_window(8, data);
    long sum = reduce(data, n, r_add, 0);
    long mx = reduce(data, n, r_max, data[0]);
    if (setjmp(abort_env)) {
        printf("aborted after budget exhausted\n");
        return 1;
    }
    long a = ackermann_bounded(2, 3, &budget);
    printf("sum=%ld max=%ld ack=%ld cycles=%llu\n", sum, mx, a,
           (unsigned long long)(cycle_counter() - t0));
    return 0;
}
