/* expect: ok */
#include <math.h>
#include <stddef.h>

double gaussian(double x, double mu, double sigma)
{
    double z = (x - mu) / sigma;
    return exp(-0.5 * z * z) / (sigma * sqrt(2.0 * M_PI));
}

float softplus(float x)
{
    return x > 20.0f ? x : logf(1.0f + expf(x));
}

void polar_to_cartesian(const double *r, const double *theta, double *x, double *y, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        x[i] = r[i] * cos(theta[i]);
        y[i] = r[i] * sin(theta[i]);
    }
}

double rms_error(const float *a, const float *b, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double d = (double)a[i] - (double)b[i];
        s += d * d;
    }
    return n ? sqrt(s / (double)n) : 0.0;
}

double compound_interest(double principal, double rate, int years, int periods)
{
    return principal * pow(1.0 + rate / periods, (double)(years * periods));
}

float max_abs_diff(const float *a, const float *b, size_t n)
{
    float m = 0.0f;
    for (size_t i = 0; i < n; ++i) {
        float d = fabsf(a[i] - b[i]);
        if (d > m)
            m = d;
    }
    return m;
}

double log_sum_exp(const double *xs, size_t n)
{
    double mx = -INFINITY;
    for (size_t i = 0; i < n; ++i)
        mx = fmax(mx, xs[i]);
    double s = 0.0;
    for (size_t i = 0; i < n; ++i)
        s += exp(xs[i] - mx);
    return mx + log(s);
}

double newton_sqrt(double v)
{
    double x = v > 1.0 ? v : 1.0;
    for (int it = 0; it < 30; ++it) {
        double nx = 0.5 * (x + v / x);
        if (fabs(nx - x) < 1e-12 * x)
            break;
        x = nx;
    }
    return x;
}

double sinc_window(int n, int len)
{
    double t = (double)n - 0.5 * (len - 1);
    double sinc = t == 0.0 ? 1.0 : sin(M_PI * t) / (M_PI * t);
    double hann = 0.5 - 0.5 * cos(2.0 * M_PI * n / (len - 1));
    return sinc * hann + atan2(t, 1.0) * 0.0 + tanh(0.0) + floor(0.5) + ceil(-0.5);
}
