/* expect: ok */
#include <stddef.h>
#include <stdint.h>

/* Public interface of a ring-buffer module: prototypes, types and macros only. */

#define RB_DEFAULT_CAPACITY 1024
#define RB_FLAG_OVERWRITE 0x1u
#define RB_FLAG_BLOCKING 0x2u

typedef struct ring_buffer ring_buffer;

typedef enum {
    RB_OK = 0,
    RB_EMPTY = -1,
    RB_FULL = -2,
    RB_NOMEM = -3
} rb_status;

struct rb_stats {
    uint64_t pushes;
    uint64_t pops;
    uint64_t overflows;
    size_t high_water;
};

typedef void (*rb_visit_fn)(const void *item, void *ctx);

ring_buffer *rb_create(size_t capacity, size_t item_size, unsigned flags);
void rb_destroy(ring_buffer *rb);
rb_status rb_push(ring_buffer *rb, const void *item);
rb_status rb_pop(ring_buffer *rb, void *item_out);
rb_status rb_peek(const ring_buffer *rb, size_t index, void *item_out);
size_t rb_size(const ring_buffer *rb);
size_t rb_capacity(const ring_buffer *rb);
int rb_is_empty(const ring_buffer *rb);
int rb_is_full(const ring_buffer *rb);
void rb_clear(ring_buffer *rb);
void rb_foreach(const ring_buffer *rb, rb_visit_fn fn, void *ctx);
void rb_get_stats(const ring_buffer *rb, struct rb_stats *out);
const char *rb_status_string(rb_status st);

extern int rb_debug_level;
extern const char rb_version[];
static inline size_t rb_bytes_for(size_t cap, size_t item_size);
