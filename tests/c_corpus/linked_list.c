/* expect: ok */
#include <stdlib.h>

struct node {
    int key;
    int value;
    struct node *next;
};

struct list {
    struct node *head;
    size_t size;
};

void list_init(struct list *l)
{
    l->head = NULL;
    l->size = 0;
}

int list_push_front(struct list *l, int key, int value)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        return -1;
    n->key = key;
    n->value = value;
    n->next = l->head;
    l->head = n;
    l->size++;
    return 0;
}

struct node *list_find(const struct list *l, int key)
{
    struct node *n = l->head;
    while (n && n->key != key)
        n = n->next;
    return n;
}

int list_remove(struct list *l, int key)
{
    struct node **pp = &l->head;
    while (*pp) {
        if ((*pp)->key == key) {
            struct node *dead = *pp;
            *pp = dead->next;
            free(dead);
            l->size--;
            return 1;
        }
        pp = &(*pp)->next;
    }
    return 0;
}

void list_reverse(struct list *l)
{
    struct node *prev = NULL, *cur = l->head;
    while (cur) {
        struct node *next = cur->next;
        cur->next = prev;
        prev = cur;
        cur = next;
    }
    l->head = prev;
}

long list_sum_values(const struct list *l)
{
    long s = 0;
    for (const struct node *n = l->head; n; n = n->next)
        s += n->value;
    return s;
}

void list_clear(struct list *l)
{
    struct node *n = l->head;
    while (n) {
        struct node *next = n->next;
        free(n);
        n = next;
    }
    list_init(l);
}
