/* A tensor contraction through a temporary: T[a][b][j] = sum_i A[a][b][i]
 * B[i][j], then C[a][j] = sum_b T[a][b][j] W[b], with 48^3 doubles per tensor
 * (864 KiB each): a four-deep nest and a second pass over its result. */
#include <math.h>
#include <stdio.h>

#define N 48

static double A[N][N][N], B[N][N], T[N][N][N], W[N], C[N][N];

void contract(int n) {
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) s += A[a][b][i] * B[i][j];
        T[a][b][j] = s;
      }
  for (int a = 0; a < n; a++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int b = 0; b < n; b++) s += T[a][b][j] * W[b];
      C[a][j] = s;
    }
}

int main(void) {
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++) {
      B[a][b] = (double)((a + b) % 3);
      C[a][b] = -1;
      for (int i = 0; i < N; i++) A[a][b][i] = (double)((a + 2 * b + 3 * i) % 4), T[a][b][i] = -1;
    }
  for (int b = 0; b < N; b++) W[b] = (double)(b % 2);
  contract(N);
  for (int a = 0; a < N; a += 7)
    for (int j = 0; j < N; j += 5) {
      double want = 0;
      for (int b = 0; b < N; b++)
        for (int i = 0; i < N; i++) want += (double)((a + 2 * b + 3 * i) % 4) * (double)((i + j) % 3) * (double)(b % 2);
      if (fabs(C[a][j] - want) > 1e-9) {
        printf("tensor: C[%d][%d] = %g, expected %g\n", a, j, C[a][j], want);
        return 1;
      }
    }
  printf("tensor: %d^3\n", N);
  return 0;
}
