/* expect: ok */
#include <math.h>
#include <float.h>
#include <stdio.h>

long double kahan_sum_ld(const double *xs, int n)
{
    long double s = 0.0L, c = 0.0L;
    for (int i = 0; i < n; ++i) {
        long double y = (long double)xs[i] - c;
        long double t = s + y;
        c = (t - s) - y;
        s = t;
    }
    return s;
}

float horner_f(const float *coef, int degree, float x)
{
    float r = coef[degree];
    for (int i = degree - 1; i >= 0; --i)
        r = r * x + coef[i];
    return r;
}

long double exp_series(long double x, int terms)
{
    long double sum = 1.0L, term = 1.0L;
    for (int k = 1; k < terms; ++k) {
        term *= x / (long double)k;
        sum += term;
    }
    return sum;
}

float relative_error(float approx, double exact)
{
    return (float)fabs(((double)approx - exact) / exact);
}

long double precise_hypot(long double a, long double b)
{
    return sqrtl(a * a + b * b) + fabsl(0.0L) + powl(1.0L, 2.0L) - 1.0L;
}

int main(void)
{
    double xs[1000];
    float coef[5] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f};
    for (int i = 0; i < 1000; ++i)
        xs[i] = 0.1;
    long double s = kahan_sum_ld(xs, 1000);
    long double e = exp_series(1.0L, 25);
    printf("%Lf %f %Lf %g %Lf %g\n", s, (double)horner_f(coef, 4, 0.5f), e,
           (double)relative_error((float)e, M_E), precise_hypot(3.0L, 4.0L), (double)FLT_EPSILON);
    return 0;
}
