/* Adaptive quadrature of a fifth-order polynomial on [0, 100] to a relative
 * error of 1e-10: the integration kernel of "An analysis of processor
 * resource models for use in performance prediction", written as its
 * surface estimation (Table 3:
 * t_x = P_edge . t(v_edge) + (1 - P_edge) . (N_power . t(v_power) + t(v_vinit)
 *       + N_ivals . t(v_srf) + t(v_result))). */
#include <math.h>
#include <stdio.h>

#define LEVELS 5           /* each estimate uses 2^LEVELS strips */
#define EDGE_WIDTH 1e-3    /* narrower intervals are estimated by one trapezoid */
#define MAX_INTERVALS 4096

static const double coef[6] = {3.0, -1.5, 0.25, 0.02, -0.0004, 0.000003};

#define POLY(x) (((((coef[5] * (x) + coef[4]) * (x) + coef[3]) * (x) + coef[2]) * (x) + coef[1]) * (x) + coef[0])

/* The surface under the polynomial over [lo, hi] by the trapezoid rule. */
double estimate(double lo, double hi, int levels) {
  if (hi - lo < EDGE_WIDTH) return 0.5 * (hi - lo) * (POLY(lo) + POLY(hi));
  int n = 1;
  for (int level = 0; level < levels; level++) n <<= 1;
  double h = (hi - lo) / n, x = lo + h, s = 0.0;
  for (int i = 1; i < n; i++) {
    double y = POLY(x);
    s += y;
    x += h;
  }
  return h * (s + 0.5 * (POLY(lo) + POLY(hi)));
}

/* Splits intervals until the two halves agree with the whole to the
 * interval's share of the tolerance. */
double integrate(double lo, double hi, double tol) {
  double los[MAX_INTERVALS], his[MAX_INTERVALS], total = 0.0;
  double budget = tol * fabs(estimate(lo, hi, LEVELS)) / (hi - lo);
  int top = 0;
  los[top] = lo;
  his[top++] = hi;
  while (top > 0) {
    top--;
    double a = los[top], b = his[top], m = 0.5 * (a + b);
    double whole = estimate(a, b, LEVELS);
    double halves = estimate(a, m, LEVELS) + estimate(m, b, LEVELS);
    if (fabs(halves - whole) <= budget * (b - a) || top + 2 > MAX_INTERVALS) {
      total += halves + (halves - whole) / 3.0;  /* Richardson: the trapezoid error falls by 4 */
    } else {
      los[top] = a;
      his[top++] = m;
      los[top] = m;
      his[top++] = b;
    }
  }
  return total;
}

int main(void) {
  double exact = 0.0;
  for (int k = 0; k < 6; k++) exact += coef[k] * pow(100.0, k + 1) / (k + 1);
  double area = integrate(0.0, 100.0, 1e-10);
  double error = fabs(area - exact) / fabs(exact);
  printf("integration: %.12g (exact %.12g, relative error %.2g)\n", area, exact, error);
  return error <= 1e-10 ? 0 : 1;
}
