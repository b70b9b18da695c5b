/* expect: unmodelable goto */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
    char *name;
    int *values;
    size_t nvalues;
};

int load_config(const char *path, struct config *out)
{
    int rc = -1;
    FILE *fp = NULL;
    char *name = NULL;
    int *values = NULL;
    char line[256];

    fp = fopen(path, "r");
    if (!fp)
        goto fail;

    if (!fgets(line, sizeof line, fp))
        goto fail_close;
    line[strcspn(line, "\n")] = '\0';
    name = malloc(strlen(line) + 1);
    if (!name)
        goto fail_close;
    strcpy(name, line);

    values = calloc(64, sizeof *values);
    if (!values)
        goto fail_name;

    size_t n = 0;
    while (n < 64 && fgets(line, sizeof line, fp)) {
        char *end;
        long v = strtol(line, &end, 10);
        if (end == line)
            goto fail_values;
        values[n++] = (int)v;
    }

    out->name = name;
    out->values = values;
    out->nvalues = n;
    fclose(fp);
    return 0;

fail_values:
    free(values);
fail_name:
    free(name);
fail_close:
    fclose(fp);
fail:
    return rc;
}

int find_pair(const int *xs, size_t n, int target, size_t *ia, size_t *ib)
{
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j)
            if (xs[i] + xs[j] == target) {
                *ia = i;
                *ib = j;
                goto found;
            }
    return 0;
found:
    return 1;
}
