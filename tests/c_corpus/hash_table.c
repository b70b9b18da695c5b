/* expect: ok */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HT_EMPTY 0
#define HT_USED 1
#define HT_DELETED 2

struct ht_slot {
    uint64_t key;
    int64_t value;
    uint8_t state;
};

struct hash_table {
    struct ht_slot *slots;
    size_t cap;
    size_t count;
};

static uint64_t mix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

int ht_init(struct hash_table *ht, size_t cap_pow2)
{
    ht->slots = calloc(cap_pow2, sizeof *ht->slots);
    ht->cap = cap_pow2;
    ht->count = 0;
    return ht->slots ? 0 : -1;
}

static struct ht_slot *ht_probe(const struct hash_table *ht, uint64_t key, int for_insert)
{
    size_t mask = ht->cap - 1;
    size_t i = (size_t)mix64(key) & mask;
    struct ht_slot *tomb = NULL;
    for (size_t n = 0; n < ht->cap; ++n, i = (i + 1) & mask) {
        struct ht_slot *s = &ht->slots[i];
        if (s->state == HT_EMPTY)
            return for_insert && tomb ? tomb : (for_insert ? s : NULL);
        if (s->state == HT_DELETED) {
            if (!tomb)
                tomb = s;
            continue;
        }
        if (s->key == key)
            return s;
    }
    return for_insert ? tomb : NULL;
}

int ht_put(struct hash_table *ht, uint64_t key, int64_t value)
{
    if ((ht->count + 1) * 4 > ht->cap * 3) {
        struct hash_table bigger;
        if (ht_init(&bigger, ht->cap * 2))
            return -1;
        for (size_t i = 0; i < ht->cap; ++i) {
            if (ht->slots[i].state != HT_USED)
                continue;
            struct ht_slot *d = ht_probe(&bigger, ht->slots[i].key, 1);
            *d = ht->slots[i];
            bigger.count++;
        }
        free(ht->slots);
        *ht = bigger;
    }
    struct ht_slot *s = ht_probe(ht, key, 1);
    if (!s)
        return -1;
    if (s->state != HT_USED)
        ht->count++;
    s->key = key;
    s->value = value;
    s->state = HT_USED;
    return 0;
}

int ht_get(const struct hash_table *ht, uint64_t key, int64_t *out)
{
    struct ht_slot *s = ht_probe(ht, key, 0);
    if (!s)
        return 0;
    *out = s->value;
    return 1;
}

int ht_erase(struct hash_table *ht, uint64_t key)
{
    struct ht_slot *s = ht_probe(ht, key, 0);
    if (!s)
        return 0;
    s->state = HT_DELETED;
    ht->count--;
    return 1;
}

void ht_free(struct hash_table *ht)
{
    free(ht->slots);
    memset(ht, 0, sizeof *ht);
}
