/* expect: ok */
#include <stdio.h>

/* Old-style (K&R) function definitions, accepted by gnu11 with no prototype. */

int gcd(a, b)
    int a;
    int b;
{
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a < 0 ? -a : a;
}

long power(base, exp)
    long base;
    unsigned exp;
{
    long result = 1;
    while (exp) {
        if (exp & 1u)
            result *= base;
        base *= base;
        exp >>= 1;
    }
    return result;
}

double average(xs, n)
    double *xs;
    int n;
{
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        s += xs[i];
    return n > 0 ? s / n : 0.0;
}

int count_char(s, c)
    char *s;
    int c;
{
    int k = 0;
    while (*s)
        if (*s++ == c)
            k++;
    return k;
}

int main()
{
    double v[4];
    int i;
    for (i = 0; i < 4; i++)
        v[i] = i * 1.5;
    printf("%d %ld %f %d\n", gcd(84, 36), power(3L, 5u), average(v, 4),
           count_char("mississippi", 's'));
    return 0;
}
