/* Table-driven CRC-32 of 2 MiB: each byte's step waits for the last through a table load (level 1). */
#include <stdint.h>
#include <stdio.h>
#define N (2 * 1024 * 1024)
static uint8_t buf[N];
static uint32_t table[256];
uint32_t crc(const uint8_t* p, long n) {
  uint32_t c = 0xFFFFFFFFu;
  for (long i = 0; i < n; i++) c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}
int main(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  for (long i = 0; i < N; i++) buf[i] = (uint8_t)(i * 2654435761u >> 24);
  uint32_t r = crc(buf, N), b = 0xFFFFFFFFu; /* against the bitwise form */
  for (long i = 0; i < N; i++) {
    b ^= buf[i];
    for (int k = 0; k < 8; k++) b = b & 1 ? 0xEDB88320u ^ (b >> 1) : b >> 1;
  }
  if (r != (b ^ 0xFFFFFFFFu)) { printf("bad\n"); return 1; }
  printf("crc ok\n");
  return 0;
}
