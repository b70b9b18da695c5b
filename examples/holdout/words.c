/* Counts the words of 8 MiB of text (spaces and letters in a fixed pseudo-random pattern): a byte
 * loop with a branch on each character's class and the previous one's. */
#include <stdint.h>
#include <stdio.h>
#define N (8 * 1024 * 1024)
static char text[N];
long words(long n) {
  long count = 0;
  int in_word = 0;
  for (long i = 0; i < n; i++) {
    int letter = text[i] != ' ';
    if (letter && !in_word) count++;
    in_word = letter;
  }
  return count;
}
int main(void) {
  uint32_t s = 1;
  long want = 0;
  int prev = 0;
  for (long i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    text[i] = (s >> 24) % 6 == 0 ? ' ' : 'a' + (char)((s >> 16) % 26);
    int letter = text[i] != ' ';
    want += letter && !prev;
    prev = letter;
  }
  long got = words(N);
  if (got != want) { printf("bad %ld %ld\n", got, want); return 1; }
  printf("words ok\n");
  return 0;
}
