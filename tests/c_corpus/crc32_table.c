/* expect: ok */
#include <stddef.h>
#include <stdint.h>

static uint32_t crc_table[256];
static int crc_table_ready;

static void crc32_build_table(void)
{
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
    crc_table_ready = 1;
}

uint32_t crc32_update(uint32_t crc, const unsigned char *buf, size_t len)
{
    if (!crc_table_ready)
        crc32_build_table();
    crc = ~crc;
    for (size_t i = 0; i < len; ++i)
        crc = crc_table[(crc ^ buf[i]) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

uint32_t crc32_bitwise(const unsigned char *buf, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; ++i) {
        crc ^= buf[i];
        for (int k = 0; k < 8; ++k) {
            uint32_t mask = -(crc & 1u);
            crc = (crc >> 1) ^ (0xEDB88320u & mask);
        }
    }
    return ~crc;
}

uint16_t adler16_like(const unsigned char *buf, size_t len)
{
    uint8_t a = 1, b = 0;
    for (size_t i = 0; i < len; ++i) {
        a = (uint8_t)((a + buf[i]) % 251u);
        b = (uint8_t)((b + a) % 251u);
    }
    return (uint16_t)(b << 8 | a);
}

uint32_t fletcher32(const uint16_t *data, size_t words)
{
    uint32_t s1 = 0xFFFF, s2 = 0xFFFF;
    while (words) {
        size_t block = words > 359 ? 359 : words;
        words -= block;
        do {
            s1 += *data++;
            s2 += s1;
        } while (--block);
        s1 = (s1 & 0xFFFF) + (s1 >> 16);
        s2 = (s2 & 0xFFFF) + (s2 >> 16);
    }
    s1 = (s1 & 0xFFFF) + (s1 >> 16);
    s2 = (s2 & 0xFFFF) + (s2 >> 16);
    return s2 << 16 | s1;
}
