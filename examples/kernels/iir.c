/* A recursive (IIR) filter run along every row of a 1024 x 1024 image of
 * floats, forward then backward (Deriche-style smoothing): each output
 * depends on the previous output, a loop-carried chain per row. */
#include <math.h>
#include <stdio.h>

#define N 1024

static float img[N][N], out[N][N];

void iir_rows(int rows, int cols, float a, float b) {
  for (int i = 0; i < rows; i++) {
    float y = 0.0f;
    for (int j = 0; j < cols; j++) {
      y = a * img[i][j] + b * y;
      out[i][j] = y;
    }
    y = 0.0f;
    for (int j = cols - 1; j >= 0; j--) {
      y = a * out[i][j] + b * y;
      out[i][j] = y;
    }
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) img[i][j] = 1.0f, out[i][j] = 0.0f;
  iir_rows(N, N, 0.25f, 0.75f);
  /* A constant row is smoothed to (nearly) itself away from the edges. */
  for (int i = 0; i < N; i += 61)
    if (fabsf(out[i][N / 2] - 1.0f) > 1e-3f) {
      printf("iir: out[%d][%d] = %g\n", i, N / 2, out[i][N / 2]);
      return 1;
    }
  printf("iir: %d x %d\n", N, N);
  return 0;
}
