/* expect: unmodelable recursion */
#include <stddef.h>
#include <string.h>

static void swap_int(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

static size_t partition(int *a, size_t lo, size_t hi)
{
    int pivot = a[lo + (hi - lo) / 2];
    size_t i = lo, j = hi;
    for (;;) {
        while (a[i] < pivot)
            ++i;
        while (a[j] > pivot)
            --j;
        if (i >= j)
            return j;
        swap_int(&a[i], &a[j]);
        ++i;
        --j;
    }
}

void quicksort(int *a, size_t lo, size_t hi)
{
    if (lo >= hi)
        return;
    size_t p = partition(a, lo, hi);
    quicksort(a, lo, p);
    quicksort(a, p + 1, hi);
}

static void merge_halves(int *a, int *tmp, size_t lo, size_t mid, size_t hi)
{
    size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < hi)
        tmp[k++] = a[j++];
    memcpy(a + lo, tmp + lo, (hi - lo) * sizeof *a);
}

void mergesort_rec(int *a, int *tmp, size_t lo, size_t hi)
{
    if (hi - lo < 2)
        return;
    size_t mid = lo + (hi - lo) / 2;
    mergesort_rec(a, tmp, lo, mid);
    mergesort_rec(a, tmp, mid, hi);
    merge_halves(a, tmp, lo, mid, hi);
}

static void sift_down(int *a, size_t start, size_t n)
{
    size_t root = start;
    while (2 * root + 1 < n) {
        size_t child = 2 * root + 1;
        if (child + 1 < n && a[child] < a[child + 1])
            ++child;
        if (a[root] >= a[child])
            return;
        swap_int(&a[root], &a[child]);
        root = child;
    }
}

void heapsort_iter(int *a, size_t n)
{
    if (n < 2)
        return;
    for (size_t s = n / 2; s-- > 0;)
        sift_down(a, s, n);
    for (size_t end = n - 1; end > 0; --end) {
        swap_int(&a[0], &a[end]);
        sift_down(a, 0, end);
    }
}
