/* expect: ok */
#include <stdio.h>
#include <ctype.h>

enum lexer_state { ST_START, ST_IDENT, ST_NUMBER, ST_STRING, ST_ESCAPE, ST_COMMENT, ST_DONE };
enum token_kind { TK_IDENT, TK_NUMBER, TK_STRING, TK_PUNCT, TK_COUNT };

struct token_counts {
    int counts[TK_COUNT];
};

void count_tokens(const char *src, struct token_counts *tc)
{
    enum lexer_state st = ST_START;
    for (int k = 0; k < TK_COUNT; ++k)
        tc->counts[k] = 0;
    const char *p = src;
    while (st != ST_DONE) {
        char c = *p;
        switch (st) {
        case ST_START:
            if (c == '\0')
                st = ST_DONE;
            else if (isalpha((unsigned char)c) || c == '_')
                st = ST_IDENT;
            else if (isdigit((unsigned char)c))
                st = ST_NUMBER;
            else if (c == '"')
                st = ST_STRING;
            else if (c == '#')
                st = ST_COMMENT;
            else if (!isspace((unsigned char)c))
                tc->counts[TK_PUNCT]++;
            if (st == ST_START || st == ST_STRING || st == ST_COMMENT)
                p++;
            break;
        case ST_IDENT:
            if (isalnum((unsigned char)c) || c == '_') {
                p++;
            } else {
                tc->counts[TK_IDENT]++;
                st = ST_START;
            }
            break;
        case ST_NUMBER:
            if (isdigit((unsigned char)c) || c == '.') {
                p++;
            } else {
                tc->counts[TK_NUMBER]++;
                st = ST_START;
            }
            break;
        case ST_STRING:
            if (c == '\0') {
                st = ST_DONE;
            } else {
                p++;
                if (c == '\\')
                    st = ST_ESCAPE;
                else if (c == '"') {
                    tc->counts[TK_STRING]++;
                    st = ST_START;
                }
            }
            break;
        case ST_ESCAPE:
            st = c ? ST_STRING : ST_DONE;
            if (c)
                p++;
            break;
        case ST_COMMENT:
            if (c == '\0')
                st = ST_DONE;
            else if (c == '\n')
                st = ST_START;
            else
                p++;
            break;
        case ST_DONE:
            break;
        }
    }
}

int main(void)
{
    struct token_counts tc;
    count_tokens("x = foo(12, \"a\\\"b\") + 3.5; # comment\ny_2 = x;", &tc);
    printf("ident=%d number=%d string=%d punct=%d\n", tc.counts[TK_IDENT],
           tc.counts[TK_NUMBER], tc.counts[TK_STRING], tc.counts[TK_PUNCT]);
    return 0;
}
