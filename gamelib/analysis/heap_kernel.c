/* The rare-value method's per-heap loop in C: gamelib/analysis/heap_kernel.py compiles this file with the
 * system's cc on first use; gamelib/analysis/kernel_loop.py calls it through ctypes over the memory of
 * HeapValues' table and its own ctypes arrays (no numpy).
 *
 * One call computes g(start), g(start + 1), ... in place. A heap whose value is rare under the mask is
 * appended to `rare` and `rare_values` (out[OUT_RARE] counts them; Python reads the new ones after the call).
 * The call stops at the first of:
 *   - heap `stop` (STATUS_DONE),
 *   - a rare heap after which Python may choose another mask: heap n with n + 1 <= `choose_below`, or more
 *     than `rare_limit` rare heaps (it is written and listed; STATUS_RARE),
 *   - a rare heap with no room left in `rare` (`rare_room` entries; it is NOT written; STATUS_ROOM: Python
 *     makes room and calls again),
 *   - a heap whose value needs more bits than the tables have (it is NOT written; STATUS_WIDER, the value in
 *     out[OUT_VALUE]: Python widens its tables and calls again),
 *   - a multiple of 1024 heaps done with more than `budget` pairs examined in the call (STATUS_DONE): the
 *     work budget is checked there, as the numpy loop checks it after each block of 1024 heaps,
 *   - more than `max_pairs` pairs examined (after a whole heap; STATUS_DONE), so that Python can report
 *     progress and see an interrupt.
 * It returns the number of heaps known after the call. The method (see gamelib/analysis/rare_values.py):
 * the class-1 values a heap reaches come only from pairs with a rare part, so they are found exactly from
 * the rare heaps; c = the smallest class-1 value not reached; then every pair from a = 1 up is examined only
 * until every class-0 value below c has been seen reached. If one never is, the smallest such is the value
 * and the heap is rare. With mask 0, or for heaps below `small_heap`, every pair is examined (the mex).
 *
 * `seen` has (1 << bits) + 1 entries: seen[v] == *generation means "v is reached by this heap", so nothing
 * is cleared between heaps. `classes[v]` is the class (0 or 1) of v under the mask, for v < 1 << bits.
 * While every value is below 64 (most published games; 0.16 and 0.127 at any length), the split's loop keeps
 * the values reached as the bits of one 64-bit word instead: an OR per rare pair (four independent chains,
 * over the rare heaps below the part's size, found first by bisection), and four pairs of the short search
 * at a time, with no store and no unpredictable branch per pair (0.16 to 2**19: 82 ms -> 47 ms; 0.127 to
 * 2**17: 81 ms -> 50 ms; the same values and the same count of pairs).
 */
#include <stdint.h>
#include <string.h>

#define STATUS_DONE 0
#define STATUS_RARE 1
#define STATUS_WIDER 2
#define STATUS_ROOM 3
#define OUT_PAIRS 0
#define OUT_STATUS 1
#define OUT_VALUE 2
#define OUT_GENERATION 3
#define OUT_RARE 4

#define DEFINE_FILL(NAME, VALUE)                                                                                \
int64_t NAME(VALUE *g, int64_t start, int64_t stop, const int64_t *moves, int32_t ntakes, int32_t nsplits,    \
             int32_t nwhole, int32_t unequal, int32_t mask, int32_t position, int32_t position_parity,        \
             int32_t bits, int64_t small_heap, int64_t *rare, int64_t *rare_values, int64_t rare_room,         \
             int64_t rare_limit, int64_t choose_below, const uint8_t *classes, uint32_t *seen, int64_t budget,  \
             int64_t max_pairs, int64_t *out)                                                                 \
{                                                                                                             \
    int64_t nrare = out[OUT_RARE];                                                                            \
    const int64_t *takes = moves, *splits = moves + ntakes, *whole = moves + ntakes + nsplits;               \
    const uint32_t size = (uint32_t)1 << bits;                                                                \
    uint32_t gen = (uint32_t)out[OUT_GENERATION];                                                             \
    int64_t pairs = 0, n;                                                                                     \
    uint64_t ones = 0, zeros = 0; /* for size <= 64: the class-1 and class-0 values, as bits */               \
    if (size <= 64)                                                                                           \
        for (n = 0; n < (int64_t)size; ++n) {                                                                 \
            if (classes[n]) ones |= (uint64_t)1 << n;                                                         \
            else zeros |= (uint64_t)1 << n;                                                                   \
        }                                                                                                     \
    out[OUT_STATUS] = STATUS_DONE;                                                                            \
    for (n = start; n < stop; ++n) {                                                                          \
        uint32_t value, v;                                                                                    \
        int32_t i, flip, is_rare;                                                                             \
        if (gen == UINT32_MAX) { /* stamps would repeat: clear them once in four billion heaps */             \
            memset(seen, 0, ((size_t)size + 1) * sizeof *seen);                                               \
            gen = 0;                                                                                          \
        }                                                                                                     \
        ++gen;                                                                                                \
        for (i = 0; i < ntakes; ++i)                                                                          \
            if (takes[i] < n) seen[g[n - takes[i]]] = gen;                                                    \
        for (i = 0; i < nwhole; ++i)                                                                          \
            if (whole[i] == n) seen[0] = gen;                                                                 \
        flip = position ? (int32_t)((n + position_parity) & 1) : 0;                                           \
        if (mask == 0 || n < small_heap) {                                                                    \
            for (i = 0; i < nsplits; ++i) {                                                                   \
                int64_t rest = n - splits[i], last = unequal ? (rest - 1) / 2 : rest / 2, a;                  \
                for (a = 1; a <= last; ++a) seen[g[a] ^ g[rest - a]] = gen;                                   \
                if (last > 0) pairs += last;                                                                  \
            }                                                                                                 \
            for (value = 0; seen[value] == gen; ++value) {}                                                   \
        } else if (size <= 64) { /* as below, with the values reached kept as the bits of one word */         \
            uint64_t reached = 0, more = 0, reached2 = 0, more2 = 0, need;                                    \
            uint64_t class1 = flip ? zeros : ones, class0 = flip ? ones : zeros;                              \
            for (i = 0; i < ntakes; ++i)                                                                      \
                if (takes[i] < n) reached |= (uint64_t)1 << g[n - takes[i]];                                  \
            for (i = 0; i < nwhole; ++i)                                                                      \
                if (whole[i] == n) reached |= 1;                                                              \
            for (i = 0; i < nsplits; ++i) { /* every class-1 value: from the pairs with a rare part */        \
                int64_t rest = n - splits[i], j = 0;                                                          \
                if (rest < 2) continue;                                                                       \
                if (!unequal) { /* the rare parts below rest (found first), four chains of ORs */             \
                    int64_t low = 0, high = nrare, k;                                                         \
                    while (low < high) { /* the first rare heap >= rest: rare is increasing */                \
                        k = (low + high) / 2;                                                                 \
                        if (rare[k] < rest) low = k + 1;                                                      \
                        else high = k;                                                                        \
                    }                                                                                         \
                    for (; j + 3 < low; j += 4) {                                                             \
                        reached |= (uint64_t)1 << ((uint32_t)rare_values[j] ^ g[rest - rare[j]]);             \
                        more |= (uint64_t)1 << ((uint32_t)rare_values[j + 1] ^ g[rest - rare[j + 1]]);        \
                        reached2 |= (uint64_t)1 << ((uint32_t)rare_values[j + 2] ^ g[rest - rare[j + 2]]);    \
                        more2 |= (uint64_t)1 << ((uint32_t)rare_values[j + 3] ^ g[rest - rare[j + 3]]);       \
                    }                                                                                         \
                }                                                                                             \
                for (; j < nrare && rare[j] < rest; ++j) {                                                    \
                    if (unequal && rare[j] + rare[j] == rest) continue;                                       \
                    reached |= (uint64_t)1 << ((uint32_t)rare_values[j] ^ g[rest - rare[j]]);                 \
                }                                                                                             \
                pairs += j;                                                                                   \
            }                                                                                                 \
            reached |= more | reached2 | more2;                                                               \
            need = class1 & ~reached; /* the candidate: the smallest class-1 value not reached, else size */  \
            value = need ? (uint32_t)__builtin_ctzll(need) : size;                                            \
            need = class0 & ~reached & (value < 64 ? ((uint64_t)1 << value) - 1 : ~(uint64_t)0);              \
            for (i = 0; i < nsplits && need; ++i) { /* the class-0 values below it: from a = 1 up */          \
                int64_t rest = n - splits[i], last = unequal ? (rest - 1) / 2 : rest / 2, a;                  \
                for (a = 1; a + 3 <= last; a += 4) { /* four pairs at a time, while they leave some need */   \
                    uint64_t hit = (uint64_t)1 << (g[a] ^ g[rest - a])                                        \
                                   | (uint64_t)1 << (g[a + 1] ^ g[rest - a - 1])                              \
                                   | (uint64_t)1 << (g[a + 2] ^ g[rest - a - 2])                              \
                                   | (uint64_t)1 << (g[a + 3] ^ g[rest - a - 3]);                             \
                    if (!(need & ~hit)) break;                                                                \
                    need &= ~hit;                                                                             \
                }                                                                                             \
                for (; a <= last; ++a) { /* then one at a time: the pair that ends the search is counted */   \
                    need &= ~((uint64_t)1 << (g[a] ^ g[rest - a]));                                           \
                    if (!need) break;                                                                         \
                }                                                                                             \
                if (last > 0) pairs += a < last ? a : last;                                                   \
            }                                                                                                 \
            if (need) /* every pair examined and still missing: the smallest missing one, a rare value */     \
                value = (uint32_t)__builtin_ctzll(need);                                                      \
        } else {                                                                                              \
            uint32_t candidate, need = 0;                                                                     \
            for (i = 0; i < nsplits; ++i) { /* every class-1 value: from the pairs with a rare part */        \
                int64_t rest = n - splits[i], j;                                                              \
                if (rest < 2) continue;                                                                       \
                for (j = 0; j < nrare && rare[j] < rest; ++j) {                                               \
                    if (unequal && rare[j] + rare[j] == rest) continue;                                       \
                    seen[(uint32_t)rare_values[j] ^ g[rest - rare[j]]] = gen;                                 \
                }                                                                                             \
                pairs += j;                                                                                   \
            }                                                                                                 \
            for (candidate = 0; candidate < size; ++candidate)                                                \
                if ((classes[candidate] ^ flip) == 1 && seen[candidate] != gen) break;                        \
            for (v = 0; v < candidate; ++v)                                                                   \
                if ((classes[v] ^ flip) == 0 && seen[v] != gen) ++need;                                       \
            for (i = 0; i < nsplits && need; ++i) { /* the class-0 values below it: from a = 1 up */          \
                int64_t rest = n - splits[i], last = unequal ? (rest - 1) / 2 : rest / 2, a;                  \
                for (a = 1; a <= last; ++a) {                                                                 \
                    v = g[a] ^ g[rest - a];                                                                   \
                    if (seen[v] != gen) {                                                                     \
                        seen[v] = gen;                                                                        \
                        if (v < candidate && (classes[v] ^ flip) == 0 && --need == 0) break;                  \
                    }                                                                                         \
                }                                                                                             \
                if (last > 0) pairs += a < last ? a : last;                                                   \
            }                                                                                                 \
            value = candidate;                                                                                \
            if (need) /* every pair examined and still missing: the smallest missing one, a rare value */    \
                for (value = 0; seen[value] == gen || (classes[value] ^ flip) != 0; ++value) {}                \
        }                                                                                                     \
        if (value >= size) {                                                                                  \
            out[OUT_STATUS] = STATUS_WIDER;                                                                   \
            out[OUT_VALUE] = value;                                                                           \
            break;                                                                                            \
        }                                                                                                     \
        is_rare = mask != 0 && (classes[value] ^ flip) == 0;                                                  \
        if (is_rare) { /* listed at once */                                                                   \
            if (nrare == rare_room) {                                                                         \
                out[OUT_STATUS] = STATUS_ROOM;                                                                \
                break;                                                                                        \
            }                                                                                                 \
            rare[nrare] = n;                                                                                  \
            rare_values[nrare++] = value;                                                                     \
        }                                                                                                     \
        g[n] = (VALUE)value;                                                                                  \
        if (is_rare && (n + 1 <= choose_below || nrare > rare_limit)) {                                       \
            out[OUT_STATUS] = STATUS_RARE;                                                                    \
            ++n;                                                                                              \
            break;                                                                                            \
        }                                                                                                     \
        if ((((n + 1) & 1023) == 0 && pairs > budget) || pairs > max_pairs) { ++n; break; }                   \
    }                                                                                                         \
    out[OUT_RARE] = nrare;                                                                                    \
    out[OUT_PAIRS] = pairs;                                                                                   \
    out[OUT_GENERATION] = gen;                                                                                \
    return n;                                                                                                 \
}

DEFINE_FILL(gamelib_fill_u16, uint16_t)
DEFINE_FILL(gamelib_fill_u32, uint32_t)

/* The Knuth--Morris--Pratt failure function of items[0 .. n - 1], for the period scan of
 * gamelib/analysis/period_scan.py (its periods_of, in Python, is the reference): failure[i] = the longest
 * proper border of items[0 .. i - 1], for i = 0 .. n (n + 1 entries, 4 bytes each: 2**25 heaps take 128 MB
 * as a Python list of numbers, 128 MB less here). */
#define DEFINE_BORDERS(NAME, VALUE)                                                                             \
void NAME(const VALUE *items, int64_t n, int32_t *failure)                                                    \
{                                                                                                             \
    int64_t i, k = 0;                                                                                         \
    failure[0] = 0;                                                                                           \
    if (n > 0) failure[1] = 0;                                                                                \
    for (i = 1; i < n; ++i) {                                                                                 \
        while (k && items[i] != items[k]) k = failure[k];                                                     \
        if (items[i] == items[k]) ++k;                                                                        \
        failure[i + 1] = (int32_t)k;                                                                          \
    }                                                                                                         \
}

DEFINE_BORDERS(gamelib_borders_u16, uint16_t)
DEFINE_BORDERS(gamelib_borders_u32, uint32_t)

/* Mask choice and the rare heaps' list for the compiled loop's driver (gamelib/analysis/kernel_loop.py), so
 * that it needs no numpy: the same answers as code_counts, best_mask_of_counts and rare_heaps_of of
 * gamelib/analysis/rare_values.py (the reference; the tests compare them).
 *
 * gamelib_largest_*: the largest of g[0 .. count - 1] (0 when count is 0).
 * gamelib_choose_*: counts[(g[n] << 1) | parity of (n + split_parity)] += 1 for n = first .. stop - 1 (the
 * parity bit is 0 when split_parity < 0; every g[n] < size / 2), then the Walsh--Hadamard transform of the
 * `size` counts (a power of 2) into `scratch`, and the code (mask << 1 | position) leaving the fewest rare
 * heaps: out[0] = the code, out[1] = how many heaps it leaves rare. Code 0 (no mask) is never chosen, nor an
 * odd code when split_parity < 0; ties go to the smaller code; no heap counted gives code 0 and 0 rare.
 * gamelib_rare_*: the rare heaps among 1 .. count - 1 under `classes` (the class of each value) and the
 * position rule, written to rare / rare_values while there is room (`room` entries); returns how many there
 * are (more than `room`: call again with more room). */
#define DEFINE_SPLIT(LARGEST, CHOOSE, RARE, VALUE)                                                              \
int64_t LARGEST(const VALUE *g, int64_t count)                                                                \
{                                                                                                             \
    int64_t n, largest = 0;                                                                                   \
    for (n = 0; n < count; ++n)                                                                               \
        if (g[n] > largest) largest = g[n];                                                                   \
    return largest;                                                                                           \
}                                                                                                             \
                                                                                                              \
void CHOOSE(const VALUE *g, int64_t first, int64_t stop, int32_t split_parity, int64_t *counts, int64_t size,  \
            int64_t *scratch, int64_t *out)                                                                   \
{                                                                                                             \
    int64_t n, i, j, step, heaps = 0, best = 0, fewest = 0;                                                   \
    for (n = first; n < stop; ++n)                                                                            \
        ++counts[((int64_t)g[n] << 1) | (split_parity < 0 ? 0 : (n + split_parity) & 1)];                    \
    for (i = 0; i < size; ++i) {                                                                              \
        scratch[i] = counts[i];                                                                               \
        heaps += counts[i];                                                                                   \
    }                                                                                                         \
    for (step = size / 2; step; step /= 2) /* (a, b) -> (a + b, a - b) */                                     \
        for (i = 0; i < size; i += 2 * step)                                                                  \
            for (j = i; j < i + step; ++j) {                                                                  \
                int64_t a = scratch[j], b = scratch[j + step];                                                \
                scratch[j] = a + b;                                                                           \
                scratch[j + step] = a - b;                                                                    \
            }                                                                                                 \
    if (heaps > 0) {                                                                                          \
        fewest = heaps + 1; /* what the codes never chosen count as */                                        \
        for (i = 1; i < size; ++i) {                                                                          \
            int64_t rare = (heaps + scratch[i]) / 2; /* the heaps whose code has even parity under i */       \
            if ((split_parity >= 0 || !(i & 1)) && rare < fewest) {                                           \
                best = i;                                                                                     \
                fewest = rare;                                                                                \
            }                                                                                                 \
        }                                                                                                     \
    }                                                                                                         \
    out[0] = best;                                                                                            \
    out[1] = fewest;                                                                                          \
}                                                                                                             \
                                                                                                              \
int64_t RARE(const VALUE *g, int64_t count, const uint8_t *classes, int32_t position, int32_t position_parity,  \
             int64_t *rare, int64_t *rare_values, int64_t room)                                               \
{                                                                                                             \
    int64_t n, found = 0;                                                                                     \
    for (n = 1; n < count; ++n) /* heap 0 is never part of a split */                                         \
        if ((classes[g[n]] ^ (position ? (int32_t)((n + position_parity) & 1) : 0)) == 0) {                   \
            if (found < room) {                                                                               \
                rare[found] = n;                                                                              \
                rare_values[found] = g[n];                                                                    \
            }                                                                                                 \
            ++found;                                                                                          \
        }                                                                                                     \
    return found;                                                                                             \
}

DEFINE_SPLIT(gamelib_largest_u16, gamelib_choose_u16, gamelib_rare_u16, uint16_t)
DEFINE_SPLIT(gamelib_largest_u32, gamelib_choose_u32, gamelib_rare_u32, uint32_t)
