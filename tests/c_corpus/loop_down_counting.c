/* expect: ok */
#include <stddef.h>

void reverse_in_place(int *a, int n)
{
    for (int i = n - 1, j = 0; i > j; i--, j++) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

long sum_backwards(const int *a, int n)
{
    long s = 0;
    for (int i = n - 1; i >= 0; i--)
        s += a[i];
    return s;
}

long sum_even_indices_backwards(const int *a, int n)
{
    long s = 0;
    for (int i = n - 1; i >= 0; i -= 2)
        s += a[i];
    return s;
}

void shift_right_by_one(double *a, int n)
{
    for (int i = n - 1; i > 0; --i)
        a[i] = a[i - 1];
    if (n > 0)
        a[0] = 0.0;
}

int countdown_fixed(int *out)
{
    int k = 0;
    for (int i = 100; i > 0; i -= 7)
        out[k++] = i;
    return k;
}

void backward_substitute(const double *U, double *x, int n)
{
    for (int i = n - 1; i >= 0; --i) {
        for (int j = n - 1; j > i; --j)
            x[i] -= U[i * n + j] * x[j];
        x[i] /= U[i * n + i];
    }
}

int while_down(int n)
{
    int acc = 0;
    int i = n;
    while (i-- > 0)
        acc += i;
    return acc;
}
