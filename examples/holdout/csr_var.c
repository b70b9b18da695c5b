/* y = A x for a sparse matrix of 64 Ki rows with 1 to 64 nonzeros (skewed: most rows short), x of 512 KiB (level 2-3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define ROWS (64 * 1024)
static int start[ROWS + 1];
static int* col;
static double* val;
static double x[ROWS], y[ROWS];
void spmv_var(int rows) {
  for (int r = 0; r < rows; r++) {
    double s = 0;
    for (int k = start[r]; k < start[r + 1]; k++) s += val[k] * x[col[k]];
    y[r] = s;
  }
}
int main(void) {
  unsigned seed = 12345;
  start[0] = 0;
  for (int r = 0; r < ROWS; r++) {
    seed = seed * 1103515245u + 12345u;
    const int u = (int)(seed >> 16) % 1000, len = 1 + u * u / 15625; /* 1 to 64, mostly short */
    start[r + 1] = start[r] + len;
  }
  col = malloc(sizeof(int) * (size_t)start[ROWS]);
  val = malloc(sizeof(double) * (size_t)start[ROWS]);
  for (int k = 0; k < start[ROWS]; k++) {
    seed = seed * 1103515245u + 12345u;
    col[k] = (int)((seed >> 8) % ROWS), val[k] = 1.0;
  }
  for (int r = 0; r < ROWS; r++) x[r] = 1.0;
  spmv_var(ROWS);
  for (int r = 0; r < ROWS; r++)
    if (fabs(y[r] - (start[r + 1] - start[r])) > 1e-9) { printf("bad row %d\n", r); return 1; }
  printf("csr_var ok (%d nonzeros)\n", start[ROWS]);
  return 0;
}
