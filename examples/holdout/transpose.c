#include <stdio.h>
#define N 1024
static double A[N][N], B[N][N];
void transpose(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) B[j][i] = A[i][j];
}
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) A[i][j] = i * 3 + j;
  transpose(N);
  for (int i = 0; i < N; i += 7) if (B[i][5] != 5 * 3 + i) { printf("bad\n"); return 1; }
  printf("transpose ok\n");
  return 0;
}
