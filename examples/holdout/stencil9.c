/* A 9-point stencil on 1024 x 1024 doubles (8 MiB each, level 3), three sweeps, both grids written by main. */
#include <stdio.h>
#define N 1024
static double a[N][N], b[N][N];
void stencil9(int n, int sweeps) {
  for (int s = 0; s < sweeps; s++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = (a[i-1][j-1] + a[i-1][j] + a[i-1][j+1] + a[i][j-1] + a[i][j] + a[i][j+1] + a[i+1][j-1] + a[i+1][j] + a[i+1][j+1]) * (1.0 / 9);
}
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) a[i][j] = (i + 2 * j) % 7, b[i][j] = 0;
  stencil9(N, 3);
  if (b[5][5] != (a[4][4] + a[4][5] + a[4][6] + a[5][4] + a[5][5] + a[5][6] + a[6][4] + a[6][5] + a[6][6]) * (1.0 / 9)) { printf("bad\n"); return 1; }
  printf("stencil9 ok\n");
  return 0;
}
