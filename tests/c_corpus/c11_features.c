/* expect: ok */
#include <assert.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <stdio.h>

_Static_assert(sizeof(uint32_t) == 4, "uint32_t must be 4 bytes");
static_assert(sizeof(int64_t) == 8, "sanity");

struct packet {
    alignas(16) unsigned char payload[64];
    uint16_t length;
    struct {
        uint8_t kind;
        uint8_t flags;
    };
    union {
        uint32_t seq;
        float timestamp;
    };
};

_Static_assert(offsetof(struct packet, payload) == 0, "payload first");

static _Thread_local unsigned tls_counter;

noreturn static void die(const char *msg)
{
    fprintf(stderr, "fatal: %s\n", msg);
    exit(EXIT_FAILURE);
}

static unsigned packet_checksum(const struct packet *p)
{
    unsigned s = p->kind ^ p->flags;
    for (uint16_t i = 0; i < p->length && i < sizeof p->payload; ++i)
        s = s * 33u + p->payload[i];
    ++tls_counter;
    return s ^ p->seq;
}

int main(void)
{
    _Alignas(32) struct packet pk = {.length = 10, .kind = 3, .flags = 1, .seq = 77};
    for (int i = 0; i < 10; ++i)
        pk.payload[i] = (unsigned char)(i * 7);
    if (alignof(struct packet) < 16)
        die("bad alignment");
    unsigned c = packet_checksum(&pk);
    printf("checksum=%u calls=%u align=%zu\n", c, tls_counter, alignof(max_align_t));
    return 0;
}
