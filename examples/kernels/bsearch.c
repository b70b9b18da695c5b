/* Binary search of 100,000 random keys in a sorted array of 1 Mi integers
 * (4 MiB): data-dependent branches and loads that wait on each other. */
#include <stdint.h>
#include <stdio.h>

#define N (1024 * 1024)
#define QUERIES 100000

static int32_t table[N], queries[QUERIES], found[QUERIES];

void search_all(int queries_n, int n) {
  for (int q = 0; q < queries_n; q++) {
    int key = queries[q], lo = 0, hi = n;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (table[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    found[q] = lo;
  }
}

int main(void) {
  for (int i = 0; i < N; i++) table[i] = 3 * i;
  for (int q = 0; q < QUERIES; q++) found[q] = -1;
  uint64_t s = 7;
  for (int q = 0; q < QUERIES; q++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    queries[q] = (int32_t)((s >> 33) % (3u * N));
  }
  search_all(QUERIES, N);
  for (int q = 0; q < QUERIES; q += 97) {
    int want = (queries[q] + 2) / 3; /* the first index whose value is >= the key */
    if (found[q] != want) {
      printf("bsearch: query %d (%d) found %d, expected %d\n", q, queries[q], found[q], want);
      return 1;
    }
  }
  printf("bsearch: %d queries in %d keys\n", QUERIES, N);
  return 0;
}
