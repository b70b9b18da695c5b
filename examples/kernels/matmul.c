/* Matrix multiplication, 256 x 256 single precision: the matmul kernel of
 * "An analysis of processor resource models for use in performance
 * prediction" (Table 3: t_x = N_cols . N_rows . t(v_dtpr)). Each element of
 * the product is one dot product of a row of a and a column of b. */
#include <math.h>
#include <stdio.h>

#define N 256

static float a[N][N], b[N][N], c[N][N];

/* c = a . b for the leading n x n block. */
void matmul(int n) {
  for (int row = 0; row < n; row++)
    for (int col = 0; col < n; col++) {
      float sum = 0.0f;
      for (int r = 0; r < n; r++) sum += a[row][r] * b[r][col];
      c[row][col] = sum;
    }
}

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = (float)((i + 2 * j) % 7) - 3.0f;
      b[i][j] = (float)((3 * i + j) % 5) - 2.0f;
    }
}

/* Every entry is a sum of small integers, exact in float: compare with a
 * double-precision recomputation of a sample of entries. */
static int check(void) {
  for (int i = 0; i < N; i += 17)
    for (int j = 0; j < N; j += 13) {
      double want = 0;
      for (int r = 0; r < N; r++) want += (double)a[i][r] * (double)b[r][j];
      if (fabs(want - c[i][j]) > 1e-6) {
        printf("matmul: c[%d][%d] = %g, expected %g\n", i, j, c[i][j], want);
        return 1;
      }
    }
  return 0;
}

int main(void) {
  fill();
  matmul(N);
  if (check()) return 1;
  printf("matmul: %d x %d correct\n", N, N);
  return 0;
}
