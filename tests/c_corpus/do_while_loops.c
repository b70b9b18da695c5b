/* expect: ok */
#include <stdint.h>
#include <stdio.h>

int count_digits(unsigned long v)
{
    int n = 0;
    do {
        v /= 10;
        ++n;
    } while (v != 0);
    return n;
}

void utoa_reverse(unsigned v, char *buf)
{
    char *p = buf;
    do {
        *p++ = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    *p = '\0';
}

uint32_t collatz_steps(uint32_t n)
{
    uint32_t steps = 0;
    if (n <= 1)
        return 0;
    do {
        n = (n & 1u) ? 3u * n + 1u : n / 2u;
        ++steps;
    } while (n != 1u);
    return steps;
}

long sum_blocks(const int *xs, int n)
{
    long s = 0;
    int i = 0;
    if (n <= 0)
        return 0;
    do {
        s += xs[i];
        i++;
    } while (i < n);
    return s;
}

int fixed_do_while(int *out)
{
    int i = 0;
    do {
        out[i] = i * i;
        i += 2;
    } while (i < 32);
    return i;
}

int main(void)
{
    char buf[16];
    int xs[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int sq[32];
    utoa_reverse(12345u, buf);
    printf("%d %s %u %ld %d\n", count_digits(9876543210UL), buf, collatz_steps(27u),
           sum_blocks(xs, 8), fixed_do_while(sq));
    return 0;
}
