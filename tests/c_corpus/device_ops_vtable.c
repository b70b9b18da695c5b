/* expect: unmodelable function_pointer */
#include <stddef.h>
#include <string.h>

struct device;

struct device_ops {
    int (*open)(struct device *dev);
    long (*read)(struct device *dev, void *buf, size_t len);
    long (*write)(struct device *dev, const void *buf, size_t len);
    void (*close)(struct device *dev);
};

struct device {
    const char *name;
    const struct device_ops *ops;
    unsigned char storage[256];
    size_t pos;
    int is_open;
};

static int mem_open(struct device *dev) { dev->pos = 0; dev->is_open = 1; return 0; }
static void mem_close(struct device *dev) { dev->is_open = 0; }

static long mem_read(struct device *dev, void *buf, size_t len)
{
    size_t avail = sizeof dev->storage - dev->pos;
    size_t n = len < avail ? len : avail;
    memcpy(buf, dev->storage + dev->pos, n);
    dev->pos += n;
    return (long)n;
}

static long mem_write(struct device *dev, const void *buf, size_t len)
{
    size_t avail = sizeof dev->storage - dev->pos;
    size_t n = len < avail ? len : avail;
    memcpy(dev->storage + dev->pos, buf, n);
    dev->pos += n;
    return (long)n;
}

static long null_read(struct device *dev, void *buf, size_t len) { (void)dev; (void)buf; (void)len; return 0; }
static long null_write(struct device *dev, const void *buf, size_t len) { (void)dev; (void)buf; return (long)len; }

const struct device_ops mem_ops = {mem_open, mem_read, mem_write, mem_close};
const struct device_ops null_ops = {.open = mem_open, .read = null_read, .write = null_write, .close = mem_close};

long copy_device(struct device *src, struct device *dst, size_t chunk)
{
    unsigned char buf[64];
    long total = 0;
    if (chunk > sizeof buf)
        chunk = sizeof buf;
    if (src->ops->open(src) || dst->ops->open(dst))
        return -1;
    for (;;) {
        long n = src->ops->read(src, buf, chunk);
        if (n <= 0)
            break;
        long w = dst->ops->write(dst, buf, (size_t)n);
        total += w;
        if (w < n)
            break;
    }
    src->ops->close(src);
    dst->ops->close(dst);
    return total;
}
