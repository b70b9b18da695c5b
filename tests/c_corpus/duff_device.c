/* expect: ok */
#include <stddef.h>
#include <stdio.h>

/* Duff's device: a switch whose case labels jump into the middle of a do/while. */
void duff_copy(short *to, const short *from, size_t count)
{
    if (count == 0)
        return;
    size_t n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

long unrolled_sum(const int *xs, size_t count)
{
    long s = 0;
    size_t i = 0;
    for (; i + 4 <= count; i += 4)
        s += (long)xs[i] + xs[i + 1] + xs[i + 2] + xs[i + 3];
    switch (count - i) {
    case 3: s += xs[i + 2]; /* fall through */
    case 2: s += xs[i + 1]; /* fall through */
    case 1: s += xs[i];
    default: break;
    }
    return s;
}

int main(void)
{
    short src[21], dst[21];
    int xs[11];
    for (int i = 0; i < 21; ++i)
        src[i] = (short)(i * 3);
    for (int i = 0; i < 11; ++i)
        xs[i] = i + 1;
    duff_copy(dst, src, 21);
    printf("%d %d %ld\n", dst[0], dst[20], unrolled_sum(xs, 11));
    return 0;
}
