/* Merge sort of 128K floats: the sort kernel of "An analysis of processor
 * resource models for use in performance prediction" (Table 3:
 * t_x = t(v_init) + N_merge . t(v_merge) + N_tail . t(v_tail) + N_copy . t(v_copy)).
 * Bottom-up, so that no function calls itself. */
#include <stdio.h>
#include <stdlib.h>

#define N (128 * 1024)

/* Merges the sorted runs a[lo, mid) and a[mid, hi). Elements left in the
 * right run are already in place, so only the left run has a tail. */
void merge(float *a, float *tmp, int lo, int mid, int hi) {
  int i = lo, j = mid, k = 0;
  while (i < mid && j < hi) {
    if (a[i] <= a[j]) tmp[k++] = a[i++];
    else tmp[k++] = a[j++];
  }
  while (i < mid) tmp[k++] = a[i++];
  for (int m = 0; m < k; m++) a[lo + m] = tmp[m];
}

void merge_sort(float *a, float *tmp, int n) {
  for (int width = 1; width < n; width *= 2)
    for (int lo = 0; lo < n - width; lo += 2 * width) {
      int hi = lo + 2 * width < n ? lo + 2 * width : n;
      merge(a, tmp, lo, lo + width, hi);
    }
}

int main(void) {
  float *a = malloc(N * sizeof *a), *tmp = malloc(N * sizeof *tmp);
  if (!a || !tmp) return 1;
  unsigned state = 12345u;
  double sum_before = 0;
  for (int i = 0; i < N; i++) {
    state = state * 1103515245u + 12345u;
    a[i] = (float)(state >> 8) / 65536.0f;
    sum_before += a[i];
  }
  merge_sort(a, tmp, N);
  double sum_after = 0;
  for (int i = 0; i < N; i++) {
    sum_after += a[i];
    if (i > 0 && a[i - 1] > a[i]) {
      printf("sort: a[%d] = %g > a[%d] = %g\n", i - 1, a[i - 1], i, a[i]);
      return 1;
    }
  }
  if (sum_after != sum_before) {
    printf("sort: the elements changed (sum %.17g, was %.17g)\n", sum_after, sum_before);
    return 1;
  }
  printf("sort: %d floats sorted\n", N);
  free(a);
  free(tmp);
  return 0;
}
