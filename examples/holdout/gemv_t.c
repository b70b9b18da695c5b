/* y += A^T x on 1024 x 2048 floats (8 MiB, level 3), four times, A walked by rows: each row updates
 * all of y. */
#include <stdio.h>
#define M 1024
#define N 2048
static float A[M][N], x[M], y[N];
void gemv_t(int m, int n, int reps) {
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++) y[j] += A[i][j] * x[i];
}
int main(void) {
  for (int i = 0; i < M; i++) { x[i] = 1; for (int j = 0; j < N; j++) A[i][j] = (float)((i + j) % 4); }
  for (int j = 0; j < N; j++) y[j] = 0;
  gemv_t(M, N, 4);
  float want = 0; for (int i = 0; i < M; i++) want += A[i][11];
  if (y[11] != 4 * want) { printf("bad\n"); return 1; }
  printf("gemv_t ok\n");
  return 0;
}
