/* expect: ok */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static size_t reverse_words(const char *src, char *dst, size_t cap)
{
    size_t len = strlen(src);
    char *tmp = alloca(len + 1);
    memcpy(tmp, src, len + 1);

    size_t out = 0;
    size_t end = len;
    while (end > 0 && out < cap) {
        size_t start = end;
        while (start > 0 && tmp[start - 1] != ' ')
            --start;
        size_t wl = end - start;
        if (out + wl + 1 >= cap)
            break;
        memcpy(dst + out, tmp + start, wl);
        out += wl;
        dst[out++] = ' ';
        end = start > 0 ? start - 1 : 0;
    }
    if (out > 0)
        --out;
    dst[out] = '\0';
    return out;
}

static double moving_average_max(const double *xs, int n, int window)
{
    double *avg = __builtin_alloca(sizeof(double) * (size_t)n);
    double best = -1e300;
    for (int i = 0; i + window <= n; ++i) {
        double s = 0.0;
        for (int k = 0; k < window; ++k)
            s += xs[i + k];
        avg[i] = s / window;
        if (avg[i] > best)
            best = avg[i];
    }
    return best;
}

int main(void)
{
    char out[64];
    double xs[10] = {1, 3, 2, 8, 5, 4, 9, 1, 0, 2};
    reverse_words("the quick brown fox", out, sizeof out);
    printf("%s %f\n", out, moving_average_max(xs, 10, 3));
    return 0;
}
