#include <stdio.h>
#define N 768
static float u[N][N], w[N][N];
void jacobi(int n, int sweeps) {
  for (int s = 0; s < sweeps; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) w[i][j] = 0.25f * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) u[i][j] = w[i][j];
  }
}
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) u[i][j] = (float)((i * 7 + j) % 10);
  jacobi(N, 4);
  printf("jacobi: %g\n", u[N / 2][N / 2]);
  return 0;
}
