/* expect: ok */
#include <stdint.h>

struct ipv4_header {
    unsigned ihl : 4;
    unsigned version : 4;
    unsigned ecn : 2;
    unsigned dscp : 6;
    unsigned total_length : 16;
    unsigned identification : 16;
    unsigned fragment_offset : 13;
    unsigned flags : 3;
    unsigned ttl : 8;
    unsigned protocol : 8;
    unsigned checksum : 16;
};

struct pixel565 {
    uint16_t b : 5;
    uint16_t g : 6;
    uint16_t r : 5;
};

struct flags {
    unsigned dirty : 1;
    unsigned visible : 1;
    unsigned locked : 1;
    signed priority : 5;
    unsigned : 0;
    unsigned generation : 24;
};

int header_plausible(const struct ipv4_header *h)
{
    return h->version == 4 && h->ihl >= 5 && h->ttl > 0 && h->total_length >= h->ihl * 4u;
}

void darken(struct pixel565 *px, int n)
{
    for (int i = 0; i < n; ++i) {
        px[i].r = px[i].r >> 1;
        px[i].g = px[i].g >> 1;
        px[i].b = px[i].b >> 1;
    }
}

uint32_t luminance_sum(const struct pixel565 *px, int n)
{
    uint32_t s = 0;
    for (int i = 0; i < n; ++i)
        s += 2u * px[i].r + 4u * px[i].g + px[i].b;
    return s;
}

int bump_generations(struct flags *fs, int n)
{
    int dirty = 0;
    for (int i = 0; i < n; ++i) {
        if (fs[i].dirty && !fs[i].locked) {
            fs[i].generation++;
            fs[i].dirty = 0;
            ++dirty;
        }
        if (fs[i].priority < 15)
            fs[i].priority++;
    }
    return dirty;
}
