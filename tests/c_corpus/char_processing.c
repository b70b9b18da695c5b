/* expect: ok */
#include <ctype.h>
#include <stddef.h>

size_t to_upper_copy(char *dst, const char *src, size_t cap)
{
    size_t i = 0;
    if (cap == 0)
        return 0;
    for (; src[i] && i + 1 < cap; ++i)
        dst[i] = (char)toupper((unsigned char)src[i]);
    dst[i] = '\0';
    return i;
}

int count_words(const char *s)
{
    int words = 0, in_word = 0;
    for (; *s; ++s) {
        if (isspace((unsigned char)*s)) {
            in_word = 0;
        } else if (!in_word) {
            in_word = 1;
            ++words;
        }
    }
    return words;
}

void letter_histogram(const char *s, unsigned hist[26])
{
    for (int i = 0; i < 26; ++i)
        hist[i] = 0;
    while (*s) {
        unsigned char c = (unsigned char)*s++;
        if (c >= 'a' && c <= 'z')
            hist[c - 'a']++;
        else if (c >= 'A' && c <= 'Z')
            hist[c - 'A']++;
    }
}

void caesar(char *s, int shift)
{
    shift = ((shift % 26) + 26) % 26;
    for (char *p = s; *p; ++p) {
        if (islower((unsigned char)*p))
            *p = (char)('a' + (*p - 'a' + shift) % 26);
        else if (isupper((unsigned char)*p))
            *p = (char)('A' + (*p - 'A' + shift) % 26);
    }
}

int is_palindrome(const char *s, size_t len)
{
    size_t i = 0, j = len;
    while (i < j) {
        while (i < j && !isalnum((unsigned char)s[i]))
            ++i;
        while (i < j && !isalnum((unsigned char)s[j - 1]))
            --j;
        if (i < j && tolower((unsigned char)s[i]) != tolower((unsigned char)s[j - 1]))
            return 0;
        ++i;
        --j;
    }
    return 1;
}

int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)(c | 0x20);
    return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}

size_t hex_decode(const char *hex, unsigned char *out, size_t cap)
{
    size_t n = 0;
    while (hex[0] && hex[1] && n < cap) {
        int hi = hex_value(hex[0]), lo = hex_value(hex[1]);
        if (hi < 0 || lo < 0)
            break;
        out[n++] = (unsigned char)(hi << 4 | lo);
        hex += 2;
    }
    return n;
}
