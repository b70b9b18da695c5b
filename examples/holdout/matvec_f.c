/* y = A x on 2048 x 2048 floats (16 MiB, level 3), row by row, twice. */
#include <stdio.h>
#define N 2048
static float A[N][N], x[N], y[N];
void matvec(int n, int reps) {
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      float s = 0;
      for (int j = 0; j < n; j++) s += A[i][j] * x[j];
      y[i] = s;
    }
}
int main(void) {
  for (int i = 0; i < N; i++) { x[i] = 1; y[i] = 0; for (int j = 0; j < N; j++) A[i][j] = (float)((i + j) % 3); }
  matvec(N, 2);
  float want = 0; for (int j = 0; j < N; j++) want += A[9][j];
  if (y[9] != want) { printf("bad\n"); return 1; }
  printf("matvec_f ok\n");
  return 0;
}
