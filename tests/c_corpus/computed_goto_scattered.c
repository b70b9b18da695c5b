/* expect: unmodelable goto */
/* A computed goto whose targets lie in different blocks: not a dispatch
 * over the handlers of one block, so each jump is an early exit. */
int bounce(int k)
{
    static void *const targets[] = {&&left, &&right};
    int x = 0;
    if (k) {
    left:
        x++;
        if (x < 3)
            goto *targets[x & 1];
    } else {
    right:
        x += 2;
        if (x < 5)
            goto *targets[0];
    }
    return x;
}
