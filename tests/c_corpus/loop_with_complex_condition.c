/* expect: ok */
#include <stddef.h>

int first_match(const int *a, int n, int key)
{
    int i;
    for (i = 0; i < n && a[i] != key; ++i)
        ;
    return i < n ? i : -1;
}

size_t common_prefix(const char *a, const char *b, size_t max)
{
    size_t i = 0;
    while (i < max && a[i] != '\0' && a[i] == b[i])
        ++i;
    return i;
}

int merge(const int *a, int na, const int *b, int nb, int *out)
{
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
    while (i < na)
        out[k++] = a[i++];
    while (j < nb)
        out[k++] = b[j++];
    return k;
}

double bounded_accumulate(const double *xs, int n, double budget)
{
    double s = 0.0;
    for (int i = 0; i < n && s < budget; i++)
        s += xs[i];
    return s;
}

int scan_two_limits(const unsigned char *buf, int len, int max_lines)
{
    int lines = 0;
    for (int i = 0; i < len && lines < max_lines; ++i)
        if (buf[i] == '\n')
            ++lines;
    return lines;
}

int either_or(const int *a, int n)
{
    int i = 0;
    while ((i < n && a[i] > 0) || (i < 4))
        ++i;
    return i;
}

int grid_walk(const int *grid, int w, int h)
{
    int x = 0, y = 0, steps = 0;
    while (x < w && y < h && grid[y * w + x] != 0) {
        if (grid[y * w + x] > 0)
            ++x;
        else
            ++y;
        ++steps;
    }
    return steps;
}
