/* expect: unmodelable function_pointer */
#include <stdio.h>

typedef int (*binop_fn)(int, int);

static int op_add(int a, int b) { return a + b; }
static int op_sub(int a, int b) { return a - b; }
static int op_mul(int a, int b) { return a * b; }
static int op_div(int a, int b) { return b ? a / b : 0; }
static int op_mod(int a, int b) { return b ? a % b : 0; }

struct op_entry {
    char symbol;
    binop_fn fn;
};

static const struct op_entry table[] = {
    {'+', op_add}, {'-', op_sub}, {'*', op_mul}, {'/', op_div}, {'%', op_mod},
};

static binop_fn lookup(char sym)
{
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; ++i)
        if (table[i].symbol == sym)
            return table[i].fn;
    return NULL;
}

int apply_all(const char *ops, const int *lhs, const int *rhs, int *out, int n)
{
    int applied = 0;
    for (int i = 0; i < n; ++i) {
        binop_fn f = lookup(ops[i]);
        if (f) {
            out[i] = f(lhs[i], rhs[i]);
            ++applied;
        } else {
            out[i] = 0;
        }
    }
    return applied;
}

int fold(binop_fn f, const int *xs, int n, int init)
{
    int acc = init;
    for (int i = 0; i < n; ++i)
        acc = (*f)(acc, xs[i]);
    return acc;
}

int main(void)
{
    int a[] = {10, 20, 30, 40, 50};
    int b[] = {3, 4, 5, 6, 7};
    int out[5];
    int k = apply_all("+-*/%", a, b, out, 5);
    for (int i = 0; i < 5; ++i)
        printf("%d ", out[i]);
    printf("\napplied=%d sum=%d\n", k, fold(op_add, a, 5, 0));
    return 0;
}
