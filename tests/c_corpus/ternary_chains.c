/* expect: ok */
#include <stdio.h>

static const char *grade(int score)
{
    return score >= 90 ? "A"
         : score >= 80 ? "B"
         : score >= 70 ? "C"
         : score >= 60 ? "D"
         : "F";
}

static int sign3(long v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

static int median3(int a, int b, int c)
{
    return a < b ? (b < c ? b : (a < c ? c : a))
                 : (a < c ? a : (b < c ? c : b));
}

static double piecewise(double x)
{
    return x < -1.0 ? -1.0
         : x < 0.0 ? x * x * -1.0
         : x < 1.0 ? x * x
         : x < 2.0 ? 2.0 * x - 1.0
         : 3.0;
}

static unsigned days_in_month(unsigned m, unsigned y)
{
    int leap = (y % 4u == 0u && y % 100u != 0u) || y % 400u == 0u;
    return m == 2u ? (leap ? 29u : 28u)
         : (m == 4u || m == 6u || m == 9u || m == 11u) ? 30u
         : 31u;
}

int main(void)
{
    int scores[] = {95, 83, 71, 64, 12};
    unsigned total_days = 0;
    double acc = 0.0;
    for (int i = 0; i < 5; ++i)
        printf("%d -> %s (%d)\n", scores[i], grade(scores[i]), sign3(scores[i] - 70));
    for (unsigned m = 1; m <= 12; ++m)
        total_days += days_in_month(m, 2024u);
    for (int k = -30; k < 30; ++k)
        acc += piecewise(k / 10.0);
    printf("days=%u acc=%f med=%d\n", total_days, acc, median3(7, 3, 5));
    return 0;
}
