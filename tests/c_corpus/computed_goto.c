/* expect: ok */
#include <stdint.h>

enum { OP_HALT, OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DUP, OP_JNZ, OP_DEC };

/* Direct-threaded bytecode interpreter using GNU labels-as-values. */
int64_t run_vm(const int32_t *code, int64_t *stack)
{
    static void *const dispatch[] = {
        &&do_halt, &&do_push, &&do_add, &&do_sub, &&do_mul, &&do_dup, &&do_jnz, &&do_dec,
    };
    const int32_t *pc = code;
    int64_t *sp = stack;

#define NEXT goto *dispatch[*pc++]
    NEXT;

do_push:
    *sp++ = *pc++;
    NEXT;
do_add:
    sp[-2] += sp[-1];
    --sp;
    NEXT;
do_sub:
    sp[-2] -= sp[-1];
    --sp;
    NEXT;
do_mul:
    sp[-2] *= sp[-1];
    --sp;
    NEXT;
do_dup:
    *sp = sp[-1];
    ++sp;
    NEXT;
do_dec:
    sp[-1] -= 1;
    NEXT;
do_jnz: {
    int32_t target = *pc++;
    if (sp[-1] != 0)
        pc = code + target;
    NEXT;
}
do_halt:
#undef NEXT
    return sp > stack ? sp[-1] : 0;
}
