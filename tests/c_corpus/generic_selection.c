/* expect: ok */
#include <stdint.h>
#include <stdio.h>

#define TYPE_NAME(x) _Generic((x), \
    int: "int", unsigned: "unsigned", long: "long", float: "float", \
    double: "double", char *: "char *", default: "other")

#define ABS(x) _Generic((x), int: abs_i, long: abs_l, float: abs_f, double: abs_d)(x)

static int abs_i(int x) { return x < 0 ? -x : x; }
static long abs_l(long x) { return x < 0 ? -x : x; }
static float abs_f(float x) { return x < 0 ? -x : x; }
static double abs_d(double x) { return x < 0 ? -x : x; }

#define SUM_ARRAY(arr, n) _Generic((arr)[0], int: sum_i, double: sum_d)((arr), (n))

static long sum_i(const int *a, int n)
{
    long s = 0;
    for (int i = 0; i < n; ++i)
        s += abs_i(a[i]);
    return s;
}

static double sum_d(const double *a, int n)
{
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += abs_d(a[i]);
    return s;
}

int main(void)
{
    int xi[] = {-1, 2, -3, 4};
    double xd[] = {-0.5, 1.5, -2.5};
    char *str = "hi";
    printf("%s %s %s %s\n", TYPE_NAME(1), TYPE_NAME(2.0f), TYPE_NAME(str), TYPE_NAME((int16_t)1));
    printf("%d %ld %f %f\n", ABS(-5), ABS(-7L), (double)ABS(-1.25f), ABS(-2.5));
    printf("%ld %f\n", SUM_ARRAY(xi, 4), SUM_ARRAY(xd, 3));
    return 0;
}
