/* expect: ok */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int sum_ints(int count, ...)
{
    va_list ap;
    int s = 0;
    va_start(ap, count);
    for (int i = 0; i < count; ++i)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static double max_doubles(int count, ...)
{
    va_list ap;
    va_start(ap, count);
    double m = va_arg(ap, double);
    for (int i = 1; i < count; ++i) {
        double v = va_arg(ap, double);
        if (v > m)
            m = v;
    }
    va_end(ap);
    return m;
}

static size_t concat_strings(char *out, size_t cap, ...)
{
    va_list ap;
    size_t used = 0;
    const char *s;
    va_start(ap, cap);
    out[0] = '\0';
    while ((s = va_arg(ap, const char *)) != NULL) {
        size_t len = strlen(s);
        if (used + len + 1 > cap)
            break;
        memcpy(out + used, s, len + 1);
        used += len;
    }
    va_end(ap);
    return used;
}

static int log_message(FILE *fp, const char *level, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    char probe[8];
    int needed = vsnprintf(probe, sizeof probe, fmt, ap2);
    va_end(ap2);
    fprintf(fp, "[%s] ", level);
    vfprintf(fp, fmt, ap);
    fputc('\n', fp);
    va_end(ap);
    return needed;
}

int main(void)
{
    char buf[64];
    size_t n = concat_strings(buf, sizeof buf, "alpha", "-", "beta", "-", "gamma", (const char *)NULL);
    log_message(stdout, "info", "sum=%d max=%.2f buf=%s len=%zu", sum_ints(4, 1, 2, 3, 4),
                max_doubles(3, 1.5, 9.25, -2.0), buf, n);
    return 0;
}
