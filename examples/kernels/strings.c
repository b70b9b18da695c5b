/* String processing: counts the words of 4 MiB of generated text and the
 * occurrences of a five-letter pattern in it, byte by byte with branches on
 * the characters. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N (4 * 1024 * 1024)

static char text[N + 1];
static long words, matches;

void scan_text(long n) {
  const char pattern[] = "pacer";
  int in_word = 0;
  words = 0, matches = 0;
  for (long i = 0; i < n; i++) {
    char c = text[i];
    int letter = c >= 'a' && c <= 'z';
    if (letter && !in_word) words++;
    in_word = letter;
    if (c == 'p' && i + 5 <= n) {
      int k = 1;
      while (k < 5 && text[i + k] == pattern[k]) k++;
      if (k == 5) matches++;
    }
  }
}

int main(void) {
  uint64_t s = 11;
  long want_words = 0, want_matches = 0;
  for (long i = 0; i < N;) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    int len = 1 + (int)((s >> 33) % 9);
    if ((s >> 40) % 16 == 0 && i + 6 <= N) {
      memcpy(text + i, "pacer ", 6), i += 6, want_words++, want_matches++;
      continue;
    }
    if (i + len + 1 > N) break;
    for (int k = 0; k < len; k++) text[i + k] = (char)('a' + (s >> (k * 3)) % 26);
    text[i + len] = ' ';
    i += len + 1;
    want_words++;
  }
  /* Generated words may contain "pacer" too: count the truth directly. */
  want_matches = 0;
  for (char* p = text; (p = strstr(p, "pacer")) != NULL; p++) want_matches++;
  scan_text(N);
  if (words != want_words || matches != want_matches) {
    printf("strings: %ld words, %ld matches; expected %ld and %ld\n", words, matches, want_words, want_matches);
    return 1;
  }
  printf("strings: %ld words, %ld matches\n", words, matches);
  return 0;
}
