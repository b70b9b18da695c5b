/* expect: compile-error */
#include <stddef.h>

struct pair {
    int a;
    int b;
};

int pair_sum(struct pair p)
{
    return p.a + p.b;
}

int broken(void)
{
    struct pair p = {1, 2};
    int x = p;
    return pair_sum(x) + p.c;
}
