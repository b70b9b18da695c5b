/* expect: unmodelable setjmp */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf parse_env;
static const char *error_message;

static void parse_fail(const char *msg)
{
    error_message = msg;
    longjmp(parse_env, 1);
}

static int parse_digit(char c)
{
    if (c < '0' || c > '9')
        parse_fail("expected digit");
    return c - '0';
}

static long parse_number(const char *s, size_t len)
{
    long v = 0;
    if (len == 0)
        parse_fail("empty number");
    for (size_t i = 0; i < len; ++i) {
        v = v * 10 + parse_digit(s[i]);
        if (v > 1000000000L)
            parse_fail("overflow");
    }
    return v;
}

int try_parse(const char *s, long *out)
{
    if (setjmp(parse_env) != 0) {
        fprintf(stderr, "parse error: %s\n", error_message);
        return -1;
    }
    *out = parse_number(s, strlen(s));
    return 0;
}

int main(void)
{
    const char *inputs[] = {"12345", "12a45", "", "99999999999"};
    for (int i = 0; i < 4; ++i) {
        long v = 0;
        int rc = try_parse(inputs[i], &v);
        printf("%-12s -> rc=%d value=%ld\n", inputs[i], rc, v);
    }
    return 0;
}
