/* The plain baseline for `make bench`: Grundy values of an octal game by the O(n^2) mex loop, in C.

   usage: octal_baseline CODE HEAPS OUTFILE      e.g. octal_baseline 0.16 65536 /tmp/values.bin

   For every heap n, every move is tried -- remove a whole heap of k, leave one heap of n - k, or split the
   n - k left into (a, n - k - a) for every a -- and g(n) is the smallest value not reached. No period, no
   rare values: the loop every octal-game program starts from. It writes g(0) .. g(HEAPS - 1) to OUTFILE as
   16-bit numbers (native byte order), so that the benchmark can check the kit gives the same values, and
   prints the CPU seconds the loop took (clock()). Written for this kit; compile with `cc -O2`. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DIGITS 64
#define MAX_VALUE 65535

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s CODE HEAPS OUTFILE\n", argv[0]);
        return 2;
    }
    const char *code = argv[1];
    const char *point = strchr(code, '.');
    if (point == NULL) {
        fprintf(stderr, "the code must have a point, as in 0.16\n");
        return 2;
    }
    int digits[MAX_DIGITS + 1] = {0};
    int count = 1;
    digits[0] = point > code ? point[-1] - '0' : 0;
    for (const char *c = point + 1; *c && count <= MAX_DIGITS; c++) {
        if (*c < '0' || *c > '7') {
            fprintf(stderr, "octal digits only: %s\n", code);
            return 2;
        }
        digits[count++] = *c - '0';
    }
    long heaps = atol(argv[2]);
    if (heaps < 1) {
        fprintf(stderr, "HEAPS must be at least 1\n");
        return 2;
    }
    unsigned short *g = calloc((size_t)heaps, sizeof *g);
    unsigned char *seen = calloc(MAX_VALUE + 2, 1);
    if (g == NULL || seen == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    clock_t start = clock();
    int span = 1; /* a power of 2 above every value so far: every XOR of two values is below it */
    for (long n = 1; n < heaps; n++) {
        memset(seen, 0, (size_t)span + 1);
        for (int k = 0; k < count; k++) {
            long rest = n - k;
            if (rest < 0)
                break;
            if ((digits[k] & 1) && rest == 0)
                seen[0] = 1;
            if ((digits[k] & 2) && k > 0 && rest > 0)
                seen[g[rest]] = 1;
            if (digits[k] & 4)
                for (long a = 1; a <= rest / 2; a++)
                    seen[g[a] ^ g[rest - a]] = 1;
        }
        int value = 0;
        while (seen[value])
            value++;
        g[n] = (unsigned short)value;
        while (span <= value)
            span *= 2;
        if (span > MAX_VALUE) {
            fprintf(stderr, "a value passed %d\n", MAX_VALUE / 2);
            return 1;
        }
    }
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;

    FILE *out = fopen(argv[3], "wb");
    if (out == NULL || fwrite(g, sizeof *g, (size_t)heaps, out) != (size_t)heaps || fclose(out) != 0) {
        fprintf(stderr, "cannot write %s\n", argv[3]);
        return 1;
    }
    printf("%.6f\n", seconds);
    free(g);
    free(seen);
    return 0;
}
