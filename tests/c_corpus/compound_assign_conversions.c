/* expect: ok */
#include <stdint.h>

double mixed_accumulate(const int *ints, const float *floats, int n)
{
    double acc = 0;
    long lacc = 0;
    float facc = 0;
    for (int i = 0; i < n; ++i) {
        acc += ints[i];
        acc *= 1.0001f;
        facc += floats[i] * ints[i];
        lacc += (long)floats[i];
        lacc -= ints[i] / 3;
        facc /= 1.5;
    }
    return acc + facc + lacc;
}

int quantise(float x, float scale)
{
    int q = x / scale;
    q += 0.5;
    q <<= 1;
    q >>= 1;
    return q;
}

uint8_t saturating_add_u8(uint8_t a, uint8_t b)
{
    unsigned sum = a;
    sum += b;
    return sum > 255u ? 255u : (uint8_t)sum;
}

void scale_in_place(short *xs, int n, double factor)
{
    for (int i = 0; i < n; ++i) {
        xs[i] *= factor;
        xs[i] |= 1;
        xs[i] ^= 0x10;
        xs[i] &= 0x7FFF;
        xs[i] %= 1000;
    }
}

long double widen_and_sum(const char *cs, const unsigned short *us, int n)
{
    long double s = 0.0L;
    for (int i = 0; i < n; ++i) {
        s += cs[i];
        s += us[i] * 0.5f;
        s -= (int64_t)us[i] << 2;
    }
    return s;
}

unsigned mix_signed_unsigned(int a, unsigned b)
{
    unsigned r = a;
    r += b;
    r *= (a < 0) + 2;
    r -= (unsigned char)a;
    return r + (a > b);
}

float ratio(int num, int den)
{
    float r = num;
    r /= den ? den : 1;
    return r;
}
