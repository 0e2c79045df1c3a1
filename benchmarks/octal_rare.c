/* The C reference for `make bench`: single-heap values of an octal game (or Grundy's game) by the rare-value
   method, in plain C, standing alone (no gamelib, no Python), to set the kit's compiled loop against.

   usage: octal_rare CODE HEAPS [OUTFILE]      e.g. octal_rare 0.16 524288 /tmp/values.bin, octal_rare grundy 1048576
          octal_rare --measure COMMAND ARG...  run COMMAND and print its user and system CPU seconds, wall seconds
                                               and peak memory (kB), measured from this small parent (wait4)

   The method (Gangolli and Plambeck; Flammenkamp's tables; explained in gamelib/analysis/rare_values.py):
   a value v has class parity(v & mask) (flipped by the heap's parity under a "+pos" mask); a heap is rare
   when its value has class 0. The class-1 values heap n reaches come only from splits with a rare part, so
   they are found from the rare heaps alone; c = the smallest class-1 value not reached; every split from
   a = 1 up is then examined only until every class-0 value below c is seen reached; if one never is, the
   smallest such is the value and the heap is a new rare heap. The mask leaving the fewest rare heaps is
   found by one Walsh-Hadamard transform of the counts of (value, heap parity), again whenever rare heaps
   pile up or the table has grown by a quarter. Where even the best mask leaves more than 1 heap in 8
   rare, every split is examined (the plain mex). Values are written to OUTFILE as 16-bit numbers.
   Written for this kit from the published descriptions of the method; compile with `cc -O2`. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_MOVES 64
#define SMALL 48

static uint16_t *g;
static long takes[MAX_MOVES], splits[MAX_MOVES], whole[MAX_MOVES];
static int ntakes, nsplits, nwhole, unequal, split_parity = -1;
static int bits = 0, mask = 0, position = 0, sparse = 0;
static uint8_t *classes; /* class of each value below 1 << bits under the mask */
static uint32_t *seen, stamp;
static long *rare, nrare, rare_room;
static uint16_t *rare_value; /* g of each rare heap, beside it */
static long *counts; /* counts[(v << 1) | ((n + split_parity) & 1)] */

static int parity(unsigned v) { v ^= v >> 16; v ^= v >> 8; v ^= v >> 4; v ^= v >> 2; v ^= v >> 1; return v & 1; }

static void *grow(void *p, size_t bytes) {
    p = realloc(p, bytes);
    if (p == NULL) { fprintf(stderr, "out of memory\n"); exit(1); }
    return p;
}

static int flip_of(long n) { return position ? (int)((n + split_parity) & 1) : 0; }
static int is_rare(long n, unsigned v) { return (classes[v] ^ flip_of(n)) == 0; }

static void add_rare(long n) {
    if (nrare == rare_room) {
        rare_room = 2 * rare_room + 64;
        rare = grow(rare, rare_room * sizeof *rare);
        rare_value = grow(rare_value, rare_room * sizeof *rare_value);
    }
    rare_value[nrare] = g[n];
    rare[nrare++] = n;
}

static void set_tables(void) {
    unsigned size = 1u << bits, v;
    classes = grow(classes, size);
    for (v = 0; v < size; v++) classes[v] = (uint8_t)parity(v & (unsigned)mask);
    seen = grow(seen, (size + 1) * sizeof *seen);
    memset(seen, 0, (size + 1) * sizeof *seen);
    stamp = 0;
}

/* The mask (and position flag) with the fewest rare heaps among 1 .. n - 1; rebuild the rare list. */
static void choose_mask(long n) {
    long size = 2L << bits, step, i, best = 0, best_rare = n + 1;
    long *h = grow(NULL, size * sizeof *h);
    memcpy(h, counts, size * sizeof *h);
    for (step = 1; step < size; step *= 2)
        for (i = 0; i < size; i += 2 * step)
            for (long j = i; j < i + step; j++) { long a = h[j], b = h[j + step]; h[j] = a + b; h[j + step] = a - b; }
    for (i = 2; i < size; i++) {
        if ((i & 1) && split_parity < 0) continue;
        long r = (n - 1 + h[i]) / 2;
        if (r < best_rare) { best_rare = r; best = i; }
    }
    free(h);
    mask = (int)(best >> 1);
    position = (int)(best & 1);
    sparse = n <= SMALL || 8 * best_rare <= n;
    set_tables();
    nrare = 0;
    if (!sparse) return;
    for (i = 1; i < n; i++)
        if (is_rare(i, g[i])) {
            add_rare(i);
        }
}

static unsigned heap_value(long n) {
    unsigned size = 1u << bits, value, v, candidate, need = 0;
    int i, flip = flip_of(n);
    if (++stamp == UINT32_MAX) { memset(seen, 0, (size + 1) * sizeof *seen); stamp = 1; }
    for (i = 0; i < ntakes; i++) if (takes[i] < n) seen[g[n - takes[i]]] = stamp;
    for (i = 0; i < nwhole; i++) if (whole[i] == n) seen[0] = stamp;
    if (!sparse || n < SMALL) {
        for (i = 0; i < nsplits; i++) {
            long rest = n - splits[i], last = unequal ? (rest - 1) / 2 : rest / 2;
            for (long a = 1; a <= last; a++) seen[g[a] ^ g[rest - a]] = stamp;
        }
        for (value = 0; seen[value] == stamp; value++) {}
        return value;
    }
    for (i = 0; i < nsplits; i++) {
        long rest = n - splits[i];
        for (long j = 0; j < nrare && rare[j] < rest; j++)
            if (!unequal || 2 * rare[j] != rest) seen[rare_value[j] ^ g[rest - rare[j]]] = stamp;
    }
    for (candidate = 0; candidate < size; candidate++)
        if ((classes[candidate] ^ flip) && seen[candidate] != stamp) break;
    for (v = 0; v < candidate; v++) need += !(classes[v] ^ flip) && seen[v] != stamp;
    for (i = 0; i < nsplits && need; i++) {
        long rest = n - splits[i], last = unequal ? (rest - 1) / 2 : rest / 2;
        for (long a = 1; a <= last && need; a++) {
            v = g[a] ^ g[rest - a];
            if (seen[v] != stamp) { seen[v] = stamp; need -= v < candidate && !(classes[v] ^ flip); }
        }
    }
    if (!need) return candidate;
    for (value = 0; seen[value] == stamp || (classes[value] ^ flip); value++) {}
    return value;
}

static int parse(const char *code) {
    int digits[MAX_MOVES], count = 0;
    const char *point = strchr(code, '.'), *c;
    if (strcmp(code, "grundy") == 0) { splits[nsplits++] = 0; unequal = 1; return 1; }
    if (point == NULL || point - code > 1) return 0;
    digits[count++] = point > code ? point[-1] - '0' : 0;
    for (c = point + 1; *c; c++) {
        if (*c < '0' || *c > '7' || count == MAX_MOVES) return 0;
        digits[count++] = *c - '0';
    }
    for (int k = 0; k < count; k++) {
        if (digits[k] < 0 || digits[k] > 7) return 0;
        if (digits[k] & 1) whole[nwhole++] = k;
        if ((digits[k] & 2) && k > 0) takes[ntakes++] = k;
        if (digits[k] & 4) splits[nsplits++] = k;
    }
    return 1;
}

static int measure(char **command) {
    struct timeval start, end;
    struct rusage usage;
    int status;
    gettimeofday(&start, NULL);
    pid_t child = fork();
    if (child == 0) { execvp(command[0], command); perror(command[0]); _exit(127); }
    if (child < 0 || wait4(child, &status, 0, &usage) < 0) { perror("wait4"); return 1; }
    gettimeofday(&end, NULL);
    fprintf(stderr, "measured: %.3f %.3f %.3f %ld\n", usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6,
            usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6,
            (end.tv_sec - start.tv_sec) + (end.tv_usec - start.tv_usec) / 1e6, usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--measure") == 0) return measure(argv + 2);
    if (argc < 3 || argc > 4 || !parse(argv[1]) || atol(argv[2]) < 1) {
        fprintf(stderr, "usage: %s CODE HEAPS [OUTFILE] (CODE such as 0.16, or grundy)\n", argv[0]);
        return 2;
    }
    long heaps = atol(argv[2]), n, next_choice = 2 * SMALL, rare_at_choice = 0;
    int odd = 0, even = 0;
    for (int i = 0; i < nsplits; i++) { odd |= splits[i] & 1; even |= !(splits[i] & 1); }
    split_parity = odd && even ? -1 : odd;
    g = grow(NULL, (size_t)heaps * sizeof *g);
    counts = grow(NULL, 2 * sizeof *counts);
    counts[0] = counts[1] = 0; /* heap 0 is never part of a split: not counted */
    set_tables();
    g[0] = 0;
    clock_t start = clock();
    for (n = 1; n < heaps; n++) {
        unsigned value = heap_value(n);
        if (value >= (1u << bits)) {
            long old = 2L << bits;
            while (value >= (1u << bits)) bits++;
            if (bits > 16) { fprintf(stderr, "a value passed 65535\n"); return 1; }
            counts = grow(counts, (2L << bits) * sizeof *counts);
            memset(counts + old, 0, ((2L << bits) - old) * sizeof *counts);
            set_tables();
        }
        g[n] = (uint16_t)value;
        counts[(value << 1) | ((n + (split_parity < 0 ? 0 : split_parity)) & 1)]++;
        if (sparse && is_rare(n, value)) {
            add_rare(n);
        }
        if (n + 1 >= next_choice || (sparse && nrare > rare_at_choice + rare_at_choice / 8 + 8) || n < 4 * SMALL) {
            choose_mask(n + 1);
            rare_at_choice = nrare;
            next_choice = n + 1 + (n + 1) / 4;
        }
    }
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    if (argc == 4) {
        FILE *out = fopen(argv[3], "wb");
        if (out == NULL || fwrite(g, sizeof *g, (size_t)heaps, out) != (size_t)heaps || fclose(out) != 0) {
            fprintf(stderr, "cannot write %s\n", argv[3]);
            return 1;
        }
    }
    printf("%.6f mask %x%s rare %ld\n", seconds, mask, position ? "+pos" : "", sparse ? nrare : -1L);
    return 0;
}
