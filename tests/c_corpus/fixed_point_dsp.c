/* expect: ok */
#include <stdint.h>

typedef int32_t q16_16;
typedef int16_t q1_15;

#define Q16_ONE (1 << 16)
#define Q15_MAX 32767
#define Q15_MIN (-32768)

static inline q16_16 q16_from_int(int x) { return (q16_16)x * Q16_ONE; }
static inline q16_16 q16_mul(q16_16 a, q16_16 b) { return (q16_16)(((int64_t)a * b) >> 16); }
static inline q16_16 q16_div(q16_16 a, q16_16 b) { return (q16_16)(((int64_t)a << 16) / b); }

static inline q1_15 q15_sat(int32_t x)
{
    return (q1_15)(x > Q15_MAX ? Q15_MAX : x < Q15_MIN ? Q15_MIN : x);
}

void biquad_q15(const q1_15 *in, q1_15 *out, int n, const q1_15 coef[5], int32_t state[4])
{
    int32_t x1 = state[0], x2 = state[1], y1 = state[2], y2 = state[3];
    for (int i = 0; i < n; ++i) {
        int64_t acc = (int64_t)coef[0] * in[i] + (int64_t)coef[1] * x1 + (int64_t)coef[2] * x2 -
                      (int64_t)coef[3] * y1 - (int64_t)coef[4] * y2;
        int32_t y = (int32_t)(acc >> 15);
        out[i] = q15_sat(y);
        x2 = x1;
        x1 = in[i];
        y2 = y1;
        y1 = out[i];
    }
    state[0] = x1;
    state[1] = x2;
    state[2] = y1;
    state[3] = y2;
}

q16_16 q16_sqrt(q16_16 v)
{
    if (v <= 0)
        return 0;
    q16_16 x = v > Q16_ONE ? v / 2 : Q16_ONE;
    for (int i = 0; i < 16; ++i)
        x = (x + q16_div(v, x)) / 2;
    return x;
}

q16_16 q16_dot(const q16_16 *a, const q16_16 *b, int n)
{
    int64_t acc = 0;
    for (int i = 0; i < n; ++i)
        acc += (int64_t)a[i] * b[i];
    return (q16_16)(acc >> 16);
}

void gain_ramp_q15(q1_15 *buf, int n, q1_15 start, q1_15 end)
{
    int32_t step = n > 1 ? ((int32_t)end - start) / (n - 1) : 0;
    int32_t g = start;
    for (int i = 0; i < n; ++i, g += step)
        buf[i] = q15_sat((buf[i] * g) >> 15);
}

q16_16 mean_q16(const int *xs, int n)
{
    q16_16 s = 0;
    for (int i = 0; i < n; ++i)
        s += q16_from_int(xs[i]) / n;
    return q16_mul(s, Q16_ONE);
}
