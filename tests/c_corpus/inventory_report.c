/* expect: ok */
/*
 * inventory_report.c -- a small self-contained inventory tool.
 *
 * Parses an embedded CSV table of stock movements, aggregates them per item
 * and per warehouse, detects items below their reorder threshold, and prints
 * a formatted report.  Everything is iterative and uses only direct calls.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 64
#define MAX_WAREHOUSES 8
#define MAX_MOVES 256
#define NAME_LEN 24
#define LINE_LEN 128

enum move_kind { MOVE_IN, MOVE_OUT, MOVE_ADJUST, MOVE_KIND_COUNT };

struct movement {
    char sku[NAME_LEN];
    char warehouse[NAME_LEN];
    enum move_kind kind;
    int quantity;
    double unit_cost;
    int day;
};

struct item_summary {
    char sku[NAME_LEN];
    long on_hand[MAX_WAREHOUSES];
    long total_in;
    long total_out;
    double value;
    int last_day;
    int reorder_level;
};

struct warehouse_table {
    char names[MAX_WAREHOUSES][NAME_LEN];
    int count;
};

struct inventory {
    struct movement moves[MAX_MOVES];
    int nmoves;
    struct item_summary items[MAX_ITEMS];
    int nitems;
    struct warehouse_table wh;
    int parse_errors;
};

static const char *const embedded_csv =
    "sku,warehouse,kind,qty,cost,day\n"
    "A-100,north,in,500,2.50,1\n"
    "A-100,south,in,250,2.45,1\n"
    "B-220,north,in,120,11.00,2\n"
    "A-100,north,out,130,0,3\n"
    "C-310,east,in,60,45.90,3\n"
    "B-220,north,out,100,0,4\n"
    "A-100,south,out,240,0,5\n"
    "C-310,east,adjust,-2,0,6\n"
    "D-404,west,in,1000,0.15,6\n"
    "D-404,west,out,975,0,7\n"
    "B-220,south,in,40,10.50,8\n"
    "C-310,east,out,50,0,9\n"
    "bad line without enough fields\n"
    "E-999,north,in,abc,1.00,9\n";

static void trim(char *s)
{
    size_t len = strlen(s);
    size_t start = 0;
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    while (start < len && isspace((unsigned char)s[start]))
        ++start;
    if (start > 0)
        memmove(s, s + start, len - start + 1);
}

static int split_fields(char *line, char **fields, int max_fields)
{
    int n = 0;
    char *p = line;
    while (n < max_fields) {
        fields[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    for (int i = 0; i < n; ++i)
        trim(fields[i]);
    return n;
}

static int parse_int(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0')
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_kind(const char *s, enum move_kind *out)
{
    static const char *const names[MOVE_KIND_COUNT] = {"in", "out", "adjust"};
    for (int k = 0; k < MOVE_KIND_COUNT; ++k) {
        if (strcmp(s, names[k]) == 0) {
            *out = (enum move_kind)k;
            return 0;
        }
    }
    return -1;
}

static int warehouse_index(struct warehouse_table *wh, const char *name)
{
    for (int i = 0; i < wh->count; ++i)
        if (strcmp(wh->names[i], name) == 0)
            return i;
    if (wh->count == MAX_WAREHOUSES)
        return -1;
    strncpy(wh->names[wh->count], name, NAME_LEN - 1);
    wh->names[wh->count][NAME_LEN - 1] = '\0';
    return wh->count++;
}

static struct item_summary *item_for(struct inventory *inv, const char *sku)
{
    for (int i = 0; i < inv->nitems; ++i)
        if (strcmp(inv->items[i].sku, sku) == 0)
            return &inv->items[i];
    if (inv->nitems == MAX_ITEMS)
        return NULL;
    struct item_summary *it = &inv->items[inv->nitems++];
    memset(it, 0, sizeof *it);
    strncpy(it->sku, sku, NAME_LEN - 1);
    it->reorder_level = 50;
    return it;
}

static void load_csv(struct inventory *inv, const char *csv)
{
    char line[LINE_LEN];
    const char *p = csv;
    int lineno = 0;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, p, len);
        line[len] = '\0';
        p = nl ? nl + 1 : p + len;
        if (lineno++ == 0)
            continue;

        char *f[6];
        if (split_fields(line, f, 6) != 6) {
            inv->parse_errors++;
            continue;
        }
        struct movement m;
        memset(&m, 0, sizeof m);
        strncpy(m.sku, f[0], NAME_LEN - 1);
        strncpy(m.warehouse, f[1], NAME_LEN - 1);
        if (parse_kind(f[2], &m.kind) || parse_int(f[3], &m.quantity) || parse_int(f[5], &m.day)) {
            inv->parse_errors++;
            continue;
        }
        m.unit_cost = strtod(f[4], NULL);
        if (inv->nmoves < MAX_MOVES)
            inv->moves[inv->nmoves++] = m;
    }
}

static void aggregate(struct inventory *inv)
{
    for (int i = 0; i < inv->nmoves; ++i) {
        const struct movement *m = &inv->moves[i];
        struct item_summary *it = item_for(inv, m->sku);
        int w = warehouse_index(&inv->wh, m->warehouse);
        if (!it || w < 0)
            continue;
        switch (m->kind) {
        case MOVE_IN:
            it->on_hand[w] += m->quantity;
            it->total_in += m->quantity;
            it->value += m->quantity * m->unit_cost;
            break;
        case MOVE_OUT:
            it->on_hand[w] -= m->quantity;
            it->total_out += m->quantity;
            break;
        case MOVE_ADJUST:
            it->on_hand[w] += m->quantity;
            break;
        default:
            break;
        }
        if (m->day > it->last_day)
            it->last_day = m->day;
    }
}

static long item_total(const struct item_summary *it, int nwh)
{
    long t = 0;
    for (int w = 0; w < nwh; ++w)
        t += it->on_hand[w];
    return t;
}

static double average_cost(const struct item_summary *it)
{
    return it->total_in ? it->value / (double)it->total_in : 0.0;
}

static void sort_by_stock(struct inventory *inv)
{
    for (int i = 1; i < inv->nitems; ++i) {
        struct item_summary key = inv->items[i];
        long kt = item_total(&key, inv->wh.count);
        int j = i - 1;
        while (j >= 0 && item_total(&inv->items[j], inv->wh.count) > kt) {
            inv->items[j + 1] = inv->items[j];
            --j;
        }
        inv->items[j + 1] = key;
    }
}

static int count_below_reorder(const struct inventory *inv)
{
    int n = 0;
    for (int i = 0; i < inv->nitems; ++i)
        if (item_total(&inv->items[i], inv->wh.count) < inv->items[i].reorder_level)
            ++n;
    return n;
}

static void print_rule(int width)
{
    for (int i = 0; i < width; ++i)
        putchar('-');
    putchar('\n');
}

static void print_report(const struct inventory *inv)
{
    int width = 12 + 9 * inv->wh.count + 24;
    printf("%-10s", "SKU");
    for (int w = 0; w < inv->wh.count; ++w)
        printf(" %8s", inv->wh.names[w]);
    printf(" %8s %10s\n", "total", "avg cost");
    print_rule(width);
    for (int i = 0; i < inv->nitems; ++i) {
        const struct item_summary *it = &inv->items[i];
        long total = item_total(it, inv->wh.count);
        printf("%-10s", it->sku);
        for (int w = 0; w < inv->wh.count; ++w)
            printf(" %8ld", it->on_hand[w]);
        printf(" %8ld %10.3f%s\n", total, average_cost(it),
               total < it->reorder_level ? "  REORDER" : "");
    }
    print_rule(width);
    printf("%d movements, %d items, %d warehouses, %d parse errors, %d to reorder\n",
           inv->nmoves, inv->nitems, inv->wh.count, inv->parse_errors, count_below_reorder(inv));
}

static double turnover_ratio(const struct inventory *inv)
{
    long in = 0, out = 0;
    for (int i = 0; i < inv->nitems; ++i) {
        in += inv->items[i].total_in;
        out += inv->items[i].total_out;
    }
    return in ? (double)out / (double)in : 0.0;
}

static int busiest_day(const struct inventory *inv)
{
    int per_day[32] = {0};
    int best = 0;
    for (int i = 0; i < inv->nmoves; ++i) {
        int d = inv->moves[i].day;
        if (d >= 0 && d < 32)
            per_day[d]++;
    }
    for (int d = 1; d < 32; ++d)
        if (per_day[d] > per_day[best])
            best = d;
    return best;
}

static uint32_t report_fingerprint(const struct inventory *inv)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < inv->nitems; ++i) {
        const char *s = inv->items[i].sku;
        while (*s) {
            h ^= (unsigned char)*s++;
            h *= 16777619u;
        }
        h ^= (uint32_t)item_total(&inv->items[i], inv->wh.count);
        h *= 16777619u;
    }
    return h;
}

int main(void)
{
    static struct inventory inv;
    memset(&inv, 0, sizeof inv);
    load_csv(&inv, embedded_csv);
    aggregate(&inv);
    sort_by_stock(&inv);
    print_report(&inv);
    printf("turnover %.2f, busiest day %d, fingerprint %08x\n", turnover_ratio(&inv),
           busiest_day(&inv), (unsigned)report_fingerprint(&inv));
    return inv.parse_errors > 0 ? 3 : 0;
}
