/* expect: ok */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct employee {
    char name[32];
    int age;
    double salary;
};

static int cmp_int_asc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_employee(const void *a, const void *b)
{
    const struct employee *ea = a, *eb = b;
    if (ea->salary != eb->salary)
        return ea->salary < eb->salary ? 1 : -1;
    return strcmp(ea->name, eb->name);
}

static int cmp_str_ptr(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void)
{
    int nums[] = {42, 7, 19, 3, 88, 23, 7, 1};
    size_t nn = sizeof nums / sizeof nums[0];
    qsort(nums, nn, sizeof nums[0], cmp_int_asc);

    struct employee staff[] = {
        {"dana", 41, 72000.0}, {"ali", 29, 58000.0}, {"kim", 35, 72000.0}, {"zoe", 52, 91000.0},
    };
    qsort(staff, 4, sizeof staff[0], cmp_employee);

    const char *words[] = {"delta", "alpha", "charlie", "bravo"};
    qsort(words, 4, sizeof words[0], cmp_str_ptr);

    int key = 23;
    int *hit = bsearch(&key, nums, nn, sizeof nums[0], cmp_int_asc);

    for (size_t i = 0; i < nn; ++i)
        printf("%d ", nums[i]);
    printf("\n%s %s %s found=%d\n", staff[0].name, words[0], words[3], hit != NULL);
    return 0;
}
