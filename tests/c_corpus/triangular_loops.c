/* expect: ok */
#include <stddef.h>

void lower_triangular_solve(const double *L, const double *b, double *x, int n)
{
    for (int i = 0; i < n; ++i) {
        double s = b[i];
        for (int j = 0; j < i; ++j)
            s -= L[i * n + j] * x[j];
        x[i] = s / L[i * n + i];
    }
}

void upper_triangular_solve(const double *U, const double *b, double *x, int n)
{
    for (int i = n - 1; i >= 0; --i) {
        double s = b[i];
        for (int j = i + 1; j < n; ++j)
            s -= U[i * n + j] * x[j];
        x[i] = s / U[i * n + i];
    }
}

long pair_products(const int *xs, int n)
{
    long s = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            s += (long)xs[i] * xs[j];
    return s;
}

void symmetrise(double *a, int n)
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j) {
            double avg = 0.5 * (a[i * n + j] + a[j * n + i]);
            a[i * n + j] = avg;
            a[j * n + i] = avg;
        }
}

long triple_triangle(int n)
{
    long count = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j)
            for (int k = j; k <= i; ++k)
                count += i - k + j;
    return count;
}

void insertion_sort(int *xs, size_t n)
{
    for (size_t i = 1; i < n; ++i) {
        int key = xs[i];
        size_t j = i;
        while (j > 0 && xs[j - 1] > key) {
            xs[j] = xs[j - 1];
            --j;
        }
        xs[j] = key;
    }
}
