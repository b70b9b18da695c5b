/* expect: ok */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* Worker-style code over shared global state: atomics, volatile flags and a
 * ticket lock.  No threads are actually created here. */

static _Atomic int64_t g_total;
static atomic_uint g_next_ticket;
static atomic_uint g_now_serving;
static volatile int g_stop_requested;
static _Atomic(bool) g_ready = false;
static int g_histogram[16];

static void ticket_lock(void)
{
    unsigned my = atomic_fetch_add_explicit(&g_next_ticket, 1u, memory_order_relaxed);
    while (atomic_load_explicit(&g_now_serving, memory_order_acquire) != my)
        ;
}

static void ticket_unlock(void)
{
    atomic_fetch_add_explicit(&g_now_serving, 1u, memory_order_release);
}

void worker_accumulate(const int32_t *data, int n)
{
    int64_t local = 0;
    for (int i = 0; i < n; ++i) {
        if (g_stop_requested)
            break;
        local += data[i];
    }
    atomic_fetch_add(&g_total, local);
}

void worker_histogram(const uint8_t *data, int n)
{
    int local[16] = {0};
    for (int i = 0; i < n; ++i)
        local[data[i] >> 4]++;
    ticket_lock();
    for (int b = 0; b < 16; ++b)
        g_histogram[b] += local[b];
    ticket_unlock();
}

void publish_ready(void)
{
    atomic_thread_fence(memory_order_seq_cst);
    atomic_store(&g_ready, true);
}

int wait_ready(int max_spins)
{
    int spins = 0;
    while (!atomic_load(&g_ready) && spins < max_spins)
        ++spins;
    return spins;
}

bool try_claim(_Atomic int *slot, int owner)
{
    int expected = 0;
    return atomic_compare_exchange_strong(slot, &expected, owner);
}

int64_t read_total_and_reset(void)
{
    g_stop_requested = 0;
    return atomic_exchange(&g_total, 0);
}
