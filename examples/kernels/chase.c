/* Pointer chasing: a linked list of 256 Ki nodes (8 MiB of 32-byte nodes)
 * in random order, walked once; each load's address is the last load's
 * result, so latency, not bandwidth, is the cost. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NODES (256 * 1024)

struct node {
  struct node* next;
  long value;
  long pad[2];
};

static struct node nodes[NODES];
static int order[NODES];

long walk(struct node* head, int times) {
  long sum = 0;
  for (int t = 0; t < times; t++)
    for (struct node* p = head; p; p = p->next) sum += p->value;
  return sum;
}

int main(void) {
  for (int i = 0; i < NODES; i++) order[i] = i;
  uint64_t s = 3;
  for (int i = NODES - 1; i > 0; i--) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    int j = (int)((s >> 33) % (uint64_t)(i + 1)), t = order[i];
    order[i] = order[j], order[j] = t;
  }
  for (int i = 0; i < NODES; i++) {
    nodes[order[i]].next = i + 1 < NODES ? &nodes[order[i + 1]] : NULL;
    nodes[order[i]].value = order[i] % 10;
  }
  long got = walk(&nodes[order[0]], 1), want = 0;
  for (int i = 0; i < NODES; i++) want += i % 10;
  if (got != want) {
    printf("chase: %ld, expected %ld\n", got, want);
    return 1;
  }
  printf("chase: %d nodes\n", NODES);
  return 0;
}
