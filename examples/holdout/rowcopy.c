/* Rows of 2 KiB gathered by a permutation with memcpy: 4096 rows of an 8 MiB matrix into another (level 3 to memory), twice. */
#include <stdio.h>
#include <string.h>
#define ROWS 4096
#define COLS 256
static double a[ROWS][COLS], b[ROWS][COLS];
static int perm[ROWS];
void rowcopy(int rows, int passes) {
  for (int p = 0; p < passes; p++)
    for (int r = 0; r < rows; r++) memcpy(b[r], a[perm[r]], sizeof a[0]);
}
int main(void) {
  for (int r = 0; r < ROWS; r++) {
    perm[r] = (int)((r * 2654435761u) % ROWS);
    for (int c = 0; c < COLS; c++) a[r][c] = r + c * 1e-4;
  }
  rowcopy(ROWS, 2);
  for (int r = 0; r < ROWS; r += 97)
    if (b[r][3] != a[perm[r]][3]) { printf("bad row %d\n", r); return 1; }
  printf("rowcopy ok\n");
  return 0;
}
