/* All-pairs shortest paths (Floyd-Warshall) on 256 vertices with integer
 * weights (256 KiB): a compare-and-select in the inner loop, which the
 * compiler turns into a vector compare and blend. Written as a conditional
 * store it would keep a data-dependent branch per element, whose time
 * moved by 2-3x between runs of one binary with the state of the branch
 * predictor. */
#include <stdio.h>

#define N 256
#define FAR 1000000

static int d[N][N];

void floyd(int n) {
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++) {
      int dik = d[i][k];
      for (int j = 0; j < n; j++) {
        int through = dik + d[k][j];
        d[i][j] = through < d[i][j] ? through : d[i][j];
      }
    }
}

int main(void) {
  /* A ring with edges i -> i+1 of weight 1 and chords i -> i+7 of weight 5. */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) d[i][j] = i == j ? 0 : FAR;
  for (int i = 0; i < N; i++) d[i][(i + 1) % N] = 1, d[i][(i + 7) % N] = 5;
  floyd(N);
  for (int i = 0; i < N; i += 31)
    for (int j = 0; j < N; j += 29) {
      int steps = (j - i + N) % N, want = steps / 7 * 5 + steps % 7;
      if (d[i][j] != want) {
        printf("floyd: d[%d][%d] = %d, expected %d\n", i, j, d[i][j], want);
        return 1;
      }
    }
  printf("floyd: %d vertices\n", N);
  return 0;
}
