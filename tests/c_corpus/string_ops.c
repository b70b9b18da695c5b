/* expect: ok */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *join_words(const char *const *words, size_t n, const char *sep)
{
    size_t seplen = strlen(sep);
    size_t total = 1;
    for (size_t i = 0; i < n; ++i)
        total += strlen(words[i]) + (i ? seplen : 0);
    char *buf = malloc(total);
    if (!buf)
        return NULL;
    char *p = buf;
    for (size_t i = 0; i < n; ++i) {
        if (i) {
            memcpy(p, sep, seplen);
            p += seplen;
        }
        size_t len = strlen(words[i]);
        memcpy(p, words[i], len);
        p += len;
    }
    *p = '\0';
    return buf;
}

static int count_occurrences(const char *hay, const char *needle)
{
    int count = 0;
    size_t nlen = strlen(needle);
    if (nlen == 0)
        return 0;
    const char *p = hay;
    while ((p = strstr(p, needle)) != NULL) {
        ++count;
        p += nlen;
    }
    return count;
}

static int find_min_index(const char *const *words, size_t n)
{
    int best = 0;
    for (size_t i = 1; i < n; ++i)
        if (strcmp(words[i], words[best]) < 0)
            best = (int)i;
    return best;
}

static void rstrip(char *s)
{
    size_t len = strlen(s);
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\n'))
        s[--len] = '\0';
}

int main(void)
{
    const char *words[] = {"pear", "apple", "fig", "banana", "apple"};
    char *joined = join_words(words, 5, ", ");
    if (!joined)
        return 1;
    char copy[128];
    strncpy(copy, joined, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    strcat(copy, "   \n");
    rstrip(copy);
    printf("[%s] apples=%d min=%s cmp=%d\n", copy, count_occurrences(joined, "apple"),
           words[find_min_index(words, 5)], memcmp(words[1], words[4], 5));
    free(joined);
    return 0;
}
