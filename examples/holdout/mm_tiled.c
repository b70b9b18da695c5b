/* C += A B on 256 x 256 doubles (3 x 512 KiB) in tiles of 32 x 32 x 32: six nested loops. */
#include <stdio.h>
#define N 256
#define T 32
static double A[N][N], B[N][N], C[N][N];
void mm_tiled(int n) {
  for (int ii = 0; ii < n; ii += T)
    for (int kk = 0; kk < n; kk += T)
      for (int jj = 0; jj < n; jj += T)
        for (int i = ii; i < ii + T; i++)
          for (int k = kk; k < kk + T; k++) {
            double a = A[i][k];
            for (int j = jj; j < jj + T; j++) C[i][j] += a * B[k][j];
          }
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = (i + j) % 3, B[i][j] = (i * j) % 5, C[i][j] = 0;
  mm_tiled(N);
  double want = 0;
  for (int k = 0; k < N; k++) want += A[5][k] * B[k][9];
  if (C[5][9] != want) { printf("bad\n"); return 1; }
  printf("mm_tiled ok\n");
  return 0;
}
