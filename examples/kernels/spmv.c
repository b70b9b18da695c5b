/* Sparse matrix-vector product in compressed sparse row form: 200,000 rows,
 * 16 nonzeros each at random columns (about 38 MiB of matrix), so the
 * loads of x are indirect and scattered. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 200000
#define PER_ROW 16

static int rowptr[ROWS + 1];
static int col[ROWS * PER_ROW];
static double val[ROWS * PER_ROW], x[ROWS], y[ROWS];

void spmv_csr_seq(int rows) {
  for (int i = 0; i < rows; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) s += val[k] * x[col[k]];
    y[i] = s;
  }
}

int main(void) {
  uint64_t s = 99;
  for (int i = 0; i <= ROWS; i++) rowptr[i] = i * PER_ROW;
  for (int k = 0; k < ROWS * PER_ROW; k++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    col[k] = (int)((s >> 33) % ROWS);
    val[k] = (double)(k % 3);
  }
  for (int i = 0; i < ROWS; i++) x[i] = (double)(i % 4), y[i] = -1;
  spmv_csr_seq(ROWS);
  for (int i = 0; i < ROWS; i += 1001) {
    double want = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) want += val[k] * x[col[k]];
    if (y[i] != want) {
      printf("spmv: y[%d] = %g, expected %g\n", i, y[i], want);
      return 1;
    }
  }
  printf("spmv: %d rows, %d nonzeros\n", ROWS, ROWS * PER_ROW);
  return 0;
}
