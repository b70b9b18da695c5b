/* expect: compile-error */
#include <stdio.h>

static int scale(int x)
{
    return x * scale_factor;
}

int main(void)
{
    int total = 0;
    for (int i = 0; i < 10; ++i)
        total += scale(i);
    printf("%d\n", total + undefined_offset);
    return 0;
}
