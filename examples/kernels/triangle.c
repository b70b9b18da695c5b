/* A triangular loop nest, the loop-scheduling paper's Snippet 1: iteration
 * i of the outer loop does i - a inner iterations, so a static schedule
 * gives the last thread the most work. `pacer predict ... --template
 * omp_loop` predicts it under any schedule. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double cosinesum(int a, int b) {
  double sum = 0.0;
  for (int i = a; i < b; i++)
    for (int j = a; j < i; j++)
      sum += cos(i);
  return sum;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  /* Inner loop i runs i times: the sum is sum over i of i cos(i). */
  double expected = 0.0;
  for (int i = 0; i < n; i++) expected += i * cos(i);
  double got = cosinesum(0, n);
  if (fabs(got - expected) > 1e-9 * (1.0 + fabs(expected))) {
    printf("triangle: wrong sum %.17g, expected %.17g\n", got, expected);
    return 1;
  }
  printf("triangle: %d rows, sum %.6f\n", n, got);
  return 0;
}
