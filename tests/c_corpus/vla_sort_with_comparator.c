/* expect: unmodelable function_pointer,vla */
#include <string.h>

typedef int (*cmp_fn)(const void *, const void *);

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Generic insertion sort that swaps through a variable-length scratch buffer. */
void generic_sort(void *base, size_t n, size_t size, cmp_fn cmp)
{
    unsigned char tmp[size];
    unsigned char *b = base;
    for (size_t i = 1; i < n; ++i) {
        size_t j = i;
        memcpy(tmp, b + i * size, size);
        while (j > 0 && cmp(b + (j - 1) * size, tmp) > 0) {
            memcpy(b + j * size, b + (j - 1) * size, size);
            --j;
        }
        memcpy(b + j * size, tmp, size);
    }
}

void sort_rows(int rows, int cols, double m[rows][cols])
{
    for (int r = 0; r < rows; ++r)
        generic_sort(m[r], (size_t)cols, sizeof(double), cmp_double);
}

double median_of_rows(int rows, int cols, double m[rows][cols])
{
    double medians[rows];
    sort_rows(rows, cols, m);
    for (int r = 0; r < rows; ++r)
        medians[r] = m[r][cols / 2];
    generic_sort(medians, (size_t)rows, sizeof(double), cmp_double);
    return medians[rows / 2];
}
