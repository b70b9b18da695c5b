/* expect: ok */
/* Bytecode-style opcode classifier with a large switch and fall-through. */
#include <stdint.h>

enum { CLASS_NOP = 0, CLASS_ARITH = 1, CLASS_LOAD = 2, CLASS_STORE = 4, CLASS_BRANCH = 8, CLASS_CALL = 16, CLASS_MISC = 32 };

int classify_opcode(uint8_t op, int *cost)
{
    int cls = 0;
    *cost = 0;
    switch (op) {
    case 0:
    case 1:
    case 2:
    case 3:
        cls |= CLASS_NOP;
        *cost += 0;
        break;
    case 4:
    case 5:
    case 6:
    case 7:
    case 8:
    case 9:
    case 10:
    case 11:
    case 12:
    case 13:
    case 14:
    case 15:
        cls |= CLASS_ARITH;
        *cost += 1;
        break;
    case 16:
    case 17:
    case 18:
    case 19:
    case 20:
    case 21:
    case 22:
    case 23:
        cls |= CLASS_LOAD;
        *cost += 3;
        break;
    case 24:
    case 25:
    case 26:
    case 27:
    case 28:
    case 29:
    case 30:
    case 31:
        cls |= CLASS_STORE;
        *cost += 3;
        break;
    case 32:
    case 33:
    case 34:
    case 35:
    case 36:
    case 37:
    case 38:
    case 39:
    case 40:
    case 41:
    case 42:
    case 43:
        cls |= CLASS_BRANCH;
        *cost += 2;
        break;
    case 44:
    case 45:
    case 46:
    case 47:
    case 48:
    case 49:
    case 50:
    case 51:
        cls |= CLASS_CALL;
        *cost += 10;
        break;
    case 52:
        *cost += 1;
    case 53:
        *cost += 2;
    case 54:
        *cost += 3;
    case 55:
        *cost += 4;
        cls |= CLASS_MISC;
    case 56:
        *cost += 5;
    case 57:
        *cost += 6;
    case 58:
        *cost += 7;
    case 59:
        *cost += 8;
        cls |= CLASS_MISC;
    case 60:
        *cost += 9;
    case 61:
        *cost += 10;
    case 62:
        *cost += 11;
    case 63:
        *cost += 12;
        cls |= CLASS_MISC;
    case 64:
        *cost += 13;
    case 65:
        *cost += 14;
    case 66:
        *cost += 15;
    case 67:
        *cost += 16;
        cls |= CLASS_MISC;
        break;
    case 0xF0: case 0xF1: case 0xF2: case 0xF3:
        cls = CLASS_CALL | CLASS_BRANCH;
        *cost += 20;
        /* fall through */
    case 0xFE:
        *cost += 1;
        break;
    case 0xFF:
        return -1;
    default:
        cls = CLASS_MISC;
        *cost = 100;
        break;
    }
    return cls;
}

long program_cost(const uint8_t *code, long n)
{
    long total = 0;
    for (long i = 0; i < n; ++i) {
        int c;
        int cls = classify_opcode(code[i], &c);
        if (cls < 0)
            break;
        total += c;
    }
    return total;
}
