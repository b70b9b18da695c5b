/* expect: unmodelable recursion,setjmp */
#include <setjmp.h>
#include <stdio.h>

/* JSON-ish nesting validator: recursion for nesting, longjmp for errors. */

struct ctx {
    const char *p;
    int depth;
    int max_depth;
    jmp_buf on_error;
};

static void fail(struct ctx *c)
{
    longjmp(c->on_error, 1);
}

static void skip_ws(struct ctx *c)
{
    while (*c->p == ' ' || *c->p == '\n')
        c->p++;
}

static void parse_value(struct ctx *c);

static void parse_list(struct ctx *c, char close)
{
    if (++c->depth > c->max_depth)
        fail(c);
    skip_ws(c);
    if (*c->p == close) {
        c->p++;
        c->depth--;
        return;
    }
    for (;;) {
        parse_value(c);
        skip_ws(c);
        if (*c->p == ',') {
            c->p++;
            continue;
        }
        if (*c->p == close) {
            c->p++;
            break;
        }
        fail(c);
    }
    c->depth--;
}

static void parse_value(struct ctx *c)
{
    skip_ws(c);
    char ch = *c->p;
    if (ch == '[') {
        c->p++;
        parse_list(c, ']');
    } else if (ch == '{') {
        c->p++;
        parse_list(c, '}');
    } else if (ch >= '0' && ch <= '9') {
        while (*c->p >= '0' && *c->p <= '9')
            c->p++;
    } else {
        fail(c);
    }
}

int validate(const char *text, int max_depth)
{
    struct ctx c;
    c.p = text;
    c.depth = 0;
    c.max_depth = max_depth;
    if (setjmp(c.on_error))
        return 0;
    parse_value(&c);
    skip_ws(&c);
    return *c.p == '\0';
}

int main(void)
{
    const char *cases[] = {"[1, [2, 3], {4}]", "[1, 2", "[[[[[[[[1]]]]]]]]", "7"};
    for (int i = 0; i < 4; ++i)
        printf("%s -> %d\n", cases[i], validate(cases[i], 6));
    return 0;
}
