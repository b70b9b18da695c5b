/* expect: unmodelable recursion */
#include <ctype.h>

/* A tiny recursive-descent expression evaluator:
 *   expr   := term (('+'|'-') term)*
 *   term   := factor (('*'|'/') factor)*
 *   factor := NUMBER | '(' expr ')' | '-' factor
 */

struct parser {
    const char *p;
    int error;
};

static long parse_expr(struct parser *ps);

static void skip_ws(struct parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t')
        ps->p++;
}

static long parse_factor(struct parser *ps)
{
    skip_ws(ps);
    if (*ps->p == '(') {
        ps->p++;
        long v = parse_expr(ps);
        skip_ws(ps);
        if (*ps->p == ')')
            ps->p++;
        else
            ps->error = 1;
        return v;
    }
    if (*ps->p == '-') {
        ps->p++;
        return -parse_factor(ps);
    }
    long v = 0;
    if (!isdigit((unsigned char)*ps->p)) {
        ps->error = 1;
        return 0;
    }
    while (isdigit((unsigned char)*ps->p))
        v = v * 10 + (*ps->p++ - '0');
    return v;
}

static long parse_term(struct parser *ps)
{
    long v = parse_factor(ps);
    for (;;) {
        skip_ws(ps);
        char c = *ps->p;
        if (c != '*' && c != '/')
            break;
        ps->p++;
        long rhs = parse_factor(ps);
        if (c == '*')
            v *= rhs;
        else if (rhs != 0)
            v /= rhs;
        else
            ps->error = 1;
    }
    return v;
}

static long parse_expr(struct parser *ps)
{
    long v = parse_term(ps);
    for (;;) {
        skip_ws(ps);
        char c = *ps->p;
        if (c != '+' && c != '-')
            break;
        ps->p++;
        long rhs = parse_term(ps);
        v = c == '+' ? v + rhs : v - rhs;
    }
    return v;
}

int is_even(unsigned n);
int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }

long evaluate(const char *text, int *ok)
{
    struct parser ps = {text, 0};
    long v = parse_expr(&ps);
    *ok = !ps.error;
    return v;
}
