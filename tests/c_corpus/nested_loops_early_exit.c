/* expect: ok */
#include <stddef.h>

int find_in_grid(const int *grid, int rows, int cols, int target, int *r_out, int *c_out)
{
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            if (grid[r * cols + c] == target) {
                *r_out = r;
                *c_out = c;
                return 1;
            }
        }
    }
    return 0;
}

long sum_skipping_negatives(const int *grid, int rows, int cols)
{
    long s = 0;
    for (int r = 0; r < rows; ++r) {
        if (grid[r * cols] < 0)
            continue;
        for (int c = 0; c < cols; ++c) {
            int v = grid[r * cols + c];
            if (v < 0)
                continue;
            if (v > 1000)
                break;
            s += v;
        }
    }
    return s;
}

int first_duplicate_row(const int *grid, int rows, int cols)
{
    for (int a = 0; a < rows; ++a) {
        for (int b = a + 1; b < rows; ++b) {
            int same = 1;
            for (int c = 0; c < cols; ++c) {
                if (grid[a * cols + c] != grid[b * cols + c]) {
                    same = 0;
                    break;
                }
            }
            if (same)
                return b;
        }
    }
    return -1;
}

size_t count_primes_below(size_t n)
{
    size_t count = 0;
    for (size_t k = 2; k < n; ++k) {
        int prime = 1;
        for (size_t d = 2; d * d <= k; ++d) {
            if (k % d == 0) {
                prime = 0;
                break;
            }
        }
        if (!prime)
            continue;
        ++count;
    }
    return count;
}

int bounded_search(const double *xs, int n, double limit)
{
    int i, j, hits = 0;
    for (i = 0; i < 64; ++i) {
        for (j = 0; j < n; ++j) {
            if (xs[j] * i > limit)
                break;
            if (xs[j] < 0.0)
                return -1;
            ++hits;
        }
        if (hits > 10000)
            break;
    }
    return hits;
}
