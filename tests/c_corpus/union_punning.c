/* expect: ok */
#include <stdint.h>
#include <stdio.h>

union float_bits {
    float f;
    uint32_t u;
    unsigned char bytes[4];
};

union double_bits {
    double d;
    uint64_t u;
    struct {
        uint32_t lo;
        uint32_t hi;
    } halves;
};

static int float_exponent(float f)
{
    union float_bits fb;
    fb.f = f;
    return (int)((fb.u >> 23) & 0xFFu) - 127;
}

static float fast_inv_sqrt(float x)
{
    union float_bits fb = {.f = x};
    fb.u = 0x5f3759dfu - (fb.u >> 1);
    float y = fb.f;
    y = y * (1.5f - 0.5f * x * y * y);
    y = y * (1.5f - 0.5f * x * y * y);
    return y;
}

static uint32_t byte_checksum(float f)
{
    union float_bits fb = {.f = f};
    uint32_t s = 0;
    for (int i = 0; i < 4; ++i)
        s = s * 31u + fb.bytes[i];
    return s;
}

static int is_negative_zero(double d)
{
    union double_bits db = {.d = d};
    return db.halves.hi == 0x80000000u && db.halves.lo == 0u;
}

int main(void)
{
    float vals[] = {1.0f, 2.0f, 0.25f, 100.0f, 3.5f};
    for (int i = 0; i < 5; ++i) {
        printf("%g exp=%d isqrt=%g sum=%u\n", (double)vals[i],
               float_exponent(vals[i]), (double)fast_inv_sqrt(vals[i]),
               byte_checksum(vals[i]));
    }
    printf("negzero: %d %d\n", is_negative_zero(-0.0), is_negative_zero(0.0));
    return 0;
}
