/* expect: ok */
#include <stdlib.h>
#include <string.h>

struct point {
    double x, y;
};

struct rect {
    struct point min;
    struct point max;
};

struct shape_list {
    struct rect *items;
    size_t count;
    size_t capacity;
};

static double rect_area(const struct rect *r)
{
    double w = r->max.x - r->min.x;
    double h = r->max.y - r->min.y;
    return w * h;
}

static void rect_translate(struct rect *r, const struct point *by)
{
    r->min.x += by->x;
    r->min.y += by->y;
    r->max.x += by->x;
    r->max.y += by->y;
}

int shape_list_init(struct shape_list *sl, size_t cap)
{
    sl->items = malloc(cap * sizeof *sl->items);
    if (!sl->items)
        return -1;
    sl->count = 0;
    sl->capacity = cap;
    return 0;
}

int shape_list_push(struct shape_list *sl, const struct rect *r)
{
    if (sl->count == sl->capacity) {
        size_t ncap = sl->capacity ? sl->capacity * 2 : 4;
        struct rect *p = realloc(sl->items, ncap * sizeof *p);
        if (!p)
            return -1;
        sl->items = p;
        sl->capacity = ncap;
    }
    memcpy(&sl->items[sl->count++], r, sizeof *r);
    return 0;
}

double shape_list_total_area(const struct shape_list *sl)
{
    double total = 0.0;
    const struct rect *end = sl->items + sl->count;
    for (const struct rect *it = sl->items; it != end; ++it)
        total += rect_area(it);
    return total;
}

void shape_list_shift(struct shape_list *sl, double dx, double dy)
{
    struct point by = {dx, dy};
    for (size_t i = 0; i < sl->count; ++i)
        rect_translate(&sl->items[i], &by);
}

void shape_list_free(struct shape_list *sl)
{
    free(sl->items);
    sl->items = NULL;
    sl->count = sl->capacity = 0;
}
