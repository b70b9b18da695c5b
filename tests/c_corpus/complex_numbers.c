/* expect: ok */
#include <complex.h>
#include <math.h>
#include <stdio.h>

#define PI 3.14159265358979323846

/* Naive O(n^2) DFT using C99 complex arithmetic. */
void dft(const double complex *in, double complex *out, int n)
{
    for (int k = 0; k < n; ++k) {
        double complex s = 0;
        for (int t = 0; t < n; ++t) {
            double angle = -2.0 * PI * k * t / n;
            s += in[t] * cexp(I * angle);
        }
        out[k] = s;
    }
}

double spectral_energy(const double complex *x, int n)
{
    double e = 0.0;
    for (int i = 0; i < n; ++i) {
        double m = cabs(x[i]);
        e += m * m;
    }
    return e;
}

float complex rotate_f(float complex z, float radians)
{
    return z * (cosf(radians) + I * sinf(radians));
}

int mandelbrot_escape(double complex c, int max_iter)
{
    double complex z = 0;
    int i = 0;
    while (i < max_iter && creal(z) * creal(z) + cimag(z) * cimag(z) <= 4.0) {
        z = z * z + c;
        ++i;
    }
    return i;
}

int main(void)
{
    double complex sig[16], spec[16];
    for (int i = 0; i < 16; ++i)
        sig[i] = cos(2.0 * PI * 3 * i / 16) + 0.0 * I;
    dft(sig, spec, 16);
    float complex r = rotate_f(1.0f + 0.0f * I, (float)(PI / 2));
    printf("%f %f %f %d\n", spectral_energy(spec, 16), (double)crealf(r), (double)cimagf(r),
           mandelbrot_escape(-0.5 + 0.5 * I, 200));
    return 0;
}
