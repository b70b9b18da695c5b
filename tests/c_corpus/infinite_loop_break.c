/* expect: ok */
#include <stdio.h>
#include <stdlib.h>

int read_until_sentinel(const int *stream, int sentinel)
{
    int count = 0;
    for (;;) {
        if (stream[count] == sentinel)
            break;
        ++count;
    }
    return count;
}

unsigned xorshift_until_small(unsigned seed, unsigned threshold)
{
    unsigned x = seed ? seed : 1u;
    unsigned iters = 0;
    while (1) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        ++iters;
        if (x < threshold)
            break;
        if (iters > 1000000u)
            return 0;
    }
    return iters;
}

int retry_allocation(size_t bytes, void **out)
{
    int attempts = 0;
    for (;;) {
        void *p = malloc(bytes);
        ++attempts;
        if (p) {
            *out = p;
            return attempts;
        }
        if (bytes < 16)
            return -attempts;
        bytes /= 2;
    }
}

int event_loop(const int *events, int n)
{
    int handled = 0, i = 0;
    do {
        if (i >= n)
            break;
        int ev = events[i++];
        if (ev == 0)
            continue;
        if (ev < 0)
            break;
        handled += ev;
    } while (1);
    return handled;
}

int main(void)
{
    int stream[] = {4, 8, 15, 16, 23, 42, -1};
    int events[] = {1, 0, 2, 3, -5, 9};
    void *mem = NULL;
    int tries = retry_allocation(1024, &mem);
    printf("%d %u %d %d\n", read_until_sentinel(stream, -1),
           xorshift_until_small(12345u, 1000000u), tries, event_loop(events, 6));
    free(mem);
    return 0;
}
