/* expect: ok */
#include <stddef.h>
#include <stdio.h>

int log2_floor(unsigned n)
{
    int k = 0;
    for (unsigned i = 1; i < n; i *= 2)
        ++k;
    return k;
}

long sum_powers_of_two(int n)
{
    long s = 0;
    for (long i = 1; i < n; i <<= 1)
        s += i;
    return s;
}

void prefix_sum_blelloch(int *a, int n)
{
    for (int d = 1; d < n; d *= 2)
        for (int i = 2 * d - 1; i < n; i += 2 * d)
            a[i] += a[i - d];
}

int halve_until(int n)
{
    int steps = 0;
    for (int i = n; i > 1; i /= 2)
        ++steps;
    return steps;
}

int shift_right_loop(unsigned v)
{
    int bits = 0;
    for (unsigned m = v; m; m >>= 1)
        ++bits;
    return bits;
}

double geometric_series(double ratio, int limit)
{
    double s = 0.0;
    for (int i = 1; i <= limit; i *= 3)
        s += ratio * i;
    return s;
}

int main(void)
{
    int arr[16];
    for (int i = 0; i < 16; ++i)
        arr[i] = 1;
    prefix_sum_blelloch(arr, 16);
    printf("%d %ld %d %d %d %f\n", log2_floor(1000u), sum_powers_of_two(1 << 20),
           arr[15], halve_until(1024), shift_right_loop(0xFFu), geometric_series(0.5, 1000));
    return 0;
}
