/* expect: unmodelable recursion */
#include <stddef.h>
#include <string.h>

/* Flood fill with an explicit retry label and a recursive helper. */

static void fill(unsigned char *img, int w, int h, int x, int y, unsigned char from, unsigned char to)
{
    if (x < 0 || y < 0 || x >= w || y >= h)
        return;
    if (img[y * w + x] != from)
        return;
    img[y * w + x] = to;
    fill(img, w, h, x + 1, y, from, to);
    fill(img, w, h, x - 1, y, from, to);
    fill(img, w, h, x, y + 1, from, to);
    fill(img, w, h, x, y - 1, from, to);
}

int count_regions(unsigned char *img, int w, int h)
{
    int regions = 0;
    unsigned char label = 2;
    int x, y;
rescan:
    for (y = 0; y < h; ++y) {
        for (x = 0; x < w; ++x) {
            if (img[y * w + x] == 1) {
                fill(img, w, h, x, y, 1, label);
                ++regions;
                if (++label == 0)
                    label = 2;
                goto rescan;
            }
        }
    }
    return regions;
}

size_t parse_fields(const char *line, size_t *starts, size_t max)
{
    size_t n = 0, i = 0;
    size_t len = strlen(line);
next_field:
    if (n == max || i > len)
        goto done;
    starts[n++] = i;
    while (i < len && line[i] != ',')
        ++i;
    ++i;
    goto next_field;
done:
    return n;
}
