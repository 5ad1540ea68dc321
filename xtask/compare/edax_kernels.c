/*
 * edax_kernels.c: times Edax's own bitboard kernels (flip, mobility, last-flip count,
 * stability) with the workload and the timing loops of `bb bench`, and prints one JSON
 * object per line and mode in the shape of `bb bench --json`.
 *
 * This file holds no Edax code. It compiles Edax's sources into this translation unit:
 * build it with `-I <edax>/src` (`cargo xtask compare edax` does), so that `#include "all.c"` below
 * picks up Edax's whole program (its `main` renamed). Which kernel Edax uses is decided by
 * Edax's own compile-time macros (settings.h: MOVE_GENERATOR, COUNT_LAST_FLIP, from the
 * target's -march flags); the harness calls Edax's public entry points:
 *
 *   flip             Flip(x, P, O)          (board.h; mm_Flip / mm_flip[x] by MOVE_GENERATOR)
 *   mobility         get_moves(P, O)        (board.h / board_sse.c)
 *   last_flip_count  last_flip(x, P)        (endgame.c includes count_last_flip_*.c)
 *   stability        get_stability(P, O)    (board.c / board_sse.c)
 *
 * The timing loops are marked `flatten`, so the kernel is inlined into the loop, as
 * `bb bench` inlines its kernels (`#[inline(always)]` inside the backend's target-feature
 * function). A function-table dispatch inside Edax (flip_sse.c's mm_flip[x]) stays an
 * indirect call, as in Edax.
 *
 * Workloads are those of `bb bench` (crates/bb-cli/src/bench/<kernel>.rs), sample for sample:
 * seeded uniformly random play-outs from the start position (xoshiro256** seeded by
 * SplitMix64, Lemire's bounded draw, as bb_core::rng), the same seeds and sizes:
 *   flip             every legal move of every position, 2^20 samples, seed 0x0f119002
 *   mobility         4096 positions, seed 0x0b110005
 *   last_flip_count  4096 positions with exactly one empty square, seed 0x0b110006
 *   stability        4096 positions, seed 0x0b110008
 *
 * Timing, as bb's harness (crates/bb-cli/src/bench/harness.rs): thread CPU time
 * (CLOCK_THREAD_CPUTIME_ID), two warm-up passes, passes added until one repetition lasts
 * 3 ms, median of 11 repetitions, ns per call. Throughput: independent calls, results
 * summed. Latency: each call's inputs are XORed with (previous result & zero), zero an
 * opaque 0. Flip prefetches each input 1 KiB ahead (bb's Case::STREAM).
 *
 * What the kernels return differs from bb's in two places, both kept as Edax has them:
 * last_flip returns twice the number of flipped discs (bb: the number), get_stability the
 * number of stable discs, a popcount included (bb: the set of stable discs). Edax's flip
 * takes the board in an xmm register (P low, O high): Flip(x, P, O) builds it from the two
 * words, as bb's flip takes (square, p, o).
 *
 * Every result is checked against a plain reference written here (ray walking for flip
 * and mobility, twice the flipped count for Edax's last_flip, a retrograde edge table plus
 * the full-line / spreading rule for stability).
 *
 * Options: --quick (1024 samples, 3 repetitions of 0.2 ms, like `bb bench --quick`),
 * --check-only (check every kernel against the reference, time nothing), --digest (as
 * --check-only, and print a hash of each workload and the sum of the results' popcounts),
 * --filter TEXT (kernel or variant names containing TEXT), --only K1,K2 (these kernels only:
 * flip, mobility, last_flip_count, stability), --reps N, --rep-ms MS, --flip-samples N,
 * --samples N (the other kernels), --backend NAME, --march NAME (labels only).
 */

#define main edax_main
#include "all.c"
#undef main

#include <stdint.h>
#include <string.h>
#include <time.h>

#ifndef EDAX_BENCH_BACKEND
#define EDAX_BENCH_BACKEND "unknown"
#endif
#ifndef EDAX_BENCH_MARCH
#define EDAX_BENCH_MARCH "unknown"
#endif

/* ---- opaque values (std::hint::black_box) ---- */
static inline uint64_t opaque(uint64_t x) { __asm__ volatile("" : "+r"(x)); return x; }
static inline void sink(uint64_t x) { __asm__ volatile("" : : "r"(x) : "memory"); }

/* ---- bb_core::rng: SplitMix64 -> xoshiro256**, Lemire's bounded draw ---- */
typedef struct { uint64_t s[4]; } Rng;

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rng_init(Rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; ++i) r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(Rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl64(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl64(s[3], 45);
	return result;
}

static uint64_t rng_below(Rng *r, uint64_t n)
{
	if (n == 0) return 0;
	unsigned __int128 m = (unsigned __int128) rng_next(r) * n;
	if ((uint64_t) m < n) {
		uint64_t threshold = (0 - n) % n;
		while ((uint64_t) m < threshold) m = (unsigned __int128) rng_next(r) * n;
	}
	return (uint64_t) (m >> 64);
}

/* ---- reference kernels (slow, plain) ---- */
static const int DX[8] = { 1, -1, 0, 0, 1, -1, 1, -1 };
static const int DY[8] = { 0, 0, 1, -1, 1, -1, -1, 1 };

static uint64_t ref_flip(int sq, uint64_t p, uint64_t o)
{
	uint64_t flipped = 0;
	for (int d = 0; d < 8; ++d) {
		uint64_t run = 0;
		int x = (sq & 7) + DX[d], y = (sq >> 3) + DY[d];
		while (x >= 0 && x < 8 && y >= 0 && y < 8 && (o >> (y * 8 + x) & 1)) {
			run |= 1ULL << (y * 8 + x);
			x += DX[d]; y += DY[d];
		}
		if (x >= 0 && x < 8 && y >= 0 && y < 8 && (p >> (y * 8 + x) & 1)) flipped |= run;
	}
	return flipped;
}

static uint64_t ref_moves(uint64_t p, uint64_t o)
{
	uint64_t m = 0;
	for (int sq = 0; sq < 64; ++sq)
		if (!((p | o) >> sq & 1) && ref_flip(sq, p, o)) m |= 1ULL << sq;
	return m;
}

/* Edge stability by retrograde analysis of one 8-square line: the player's discs that stay
   the player's after any sequence of moves on the line (either side may play any empty
   square; a move flips the discs it brackets along the line). */
static signed short edge_memo[256][256];
static unsigned char edge_done[256][256];

static unsigned line_play(unsigned me, unsigned you, int x, unsigned *me_out, unsigned *you_out)
{
	unsigned f = 0, run = 0;
	int y;
	for (y = x - 1; y >= 0 && (you >> y & 1); --y) run |= 1u << y;
	if (y >= 0 && (me >> y & 1)) f |= run;
	run = 0;
	for (y = x + 1; y < 8 && (you >> y & 1); ++y) run |= 1u << y;
	if (y < 8 && (me >> y & 1)) f |= run;
	*me_out = me | f | (1u << x);
	*you_out = you & ~f;
	return f;
}

static unsigned ref_edge_stable(unsigned p, unsigned o)
{
	if (edge_done[p][o]) return (unsigned) edge_memo[p][o];
	unsigned stable = p, e = ~(p | o) & 0xff;
	for (int x = 0; x < 8 && stable; ++x) {
		if (!(e >> x & 1)) continue;
		unsigned a, b;
		line_play(p, o, x, &a, &b);		/* the player plays x */
		stable &= ref_edge_stable(a, b);
		line_play(o, p, x, &a, &b);		/* the opponent plays x */
		stable &= ref_edge_stable(b, a);
	}
	edge_done[p][o] = 1;
	edge_memo[p][o] = (signed short) stable;
	return stable;
}

static unsigned gather_file(uint64_t b, int file)
{
	unsigned r = 0;
	for (int y = 0; y < 8; ++y) r |= (unsigned) (b >> (y * 8 + file) & 1) << y;
	return r;
}

static uint64_t scatter_file(unsigned bits, int file)
{
	uint64_t r = 0;
	for (int y = 0; y < 8; ++y) if (bits >> y & 1) r |= 1ULL << (y * 8 + file);
	return r;
}

/* Whether the whole line through sq in direction d (both ways) is occupied. */
static int ref_line_full(int sq, int d, uint64_t disc)
{
	for (int s = -1; s <= 1; s += 2) {
		int x = (sq & 7) + s * DX[d], y = (sq >> 3) + s * DY[d];
		while (x >= 0 && x < 8 && y >= 0 && y < 8) {
			if (!(disc >> (y * 8 + x) & 1)) return 0;
			x += s * DX[d]; y += s * DY[d];
		}
	}
	return disc >> sq & 1;
}

static uint64_t ref_stable(uint64_t p, uint64_t o)
{
	const uint64_t inner = 0x007e7e7e7e7e7e00ULL;
	uint64_t disc = p | o, stable = 0;
	stable |= (uint64_t) ref_edge_stable(p & 0xff, o & 0xff);
	stable |= (uint64_t) ref_edge_stable(p >> 56, o >> 56) << 56;
	stable |= scatter_file(ref_edge_stable(gather_file(p, 0), gather_file(o, 0)), 0);
	stable |= scatter_file(ref_edge_stable(gather_file(p, 7), gather_file(o, 7)), 7);
	for (;;) {
		uint64_t next = stable;
		for (int sq = 0; sq < 64; ++sq) {
			if (!((p & inner) >> sq & 1) || (stable >> sq & 1)) continue;
			int ok = 1;
			for (int d = 0; d < 8 && ok; d += 2) {	/* the four lines: pairs d, d + 1 */
				int a = sq + DX[d] + 8 * DY[d], b = sq + DX[d + 1] + 8 * DY[d + 1];
				ok = ref_line_full(sq, d, disc) || (stable >> a & 1) || (stable >> b & 1);
			}
			if (ok) next |= 1ULL << sq;
		}
		if (next == stable) return stable;
		stable = next;
	}
}

/* ---- workloads (crates/bb-reversi/src/workload.rs and crates/bb-cli/src/bench/<kernel>.rs) ---- */
typedef struct { uint64_t p, o; } Pos;
typedef struct { uint64_t p, o; int sq; } FlipIn;	/* 24 bytes, as bb's (Square, u64, u64) */
typedef struct { uint64_t p; int sq; } LastIn;

typedef int (*Visit)(void *ctx, uint64_t p, uint64_t o);

static void random_positions(uint64_t seed, Visit visit, void *ctx)
{
	Rng r;
	rng_init(&r, seed);
	for (;;) {
		uint64_t p = (1ULL << 35) | (1ULL << 28), o = (1ULL << 27) | (1ULL << 36);	/* d5 e4 / d4 e5 */
		for (;;) {
			uint64_t moves = ref_moves(p, o);
			if (moves == 0) {
				uint64_t t = p; p = o; o = t;
				moves = ref_moves(p, o);
				if (moves == 0) break;
			}
			if (!visit(ctx, p, o)) return;
			uint64_t k = rng_below(&r, (uint64_t) __builtin_popcountll(moves));
			while (k--) moves &= moves - 1;
			int sq = __builtin_ctzll(moves);
			uint64_t f = ref_flip(sq, p, o);
			uint64_t np = o ^ f, no = p | f | (1ULL << sq);
			p = np; o = no;
		}
	}
}

typedef struct { void *v; size_t n, cap; } Vec;

static int visit_flip(void *ctx, uint64_t p, uint64_t o)
{
	Vec *v = ctx;
	FlipIn *a = v->v;
	uint64_t m = ref_moves(p, o);
	while (m) {
		a[v->n].p = p; a[v->n].o = o; a[v->n].sq = __builtin_ctzll(m);
		m &= m - 1;
		if (++v->n == v->cap) return 0;
	}
	return 1;
}

static int visit_pos(void *ctx, uint64_t p, uint64_t o)
{
	Vec *v = ctx;
	Pos *a = v->v;
	a[v->n].p = p; a[v->n].o = o;
	return ++v->n < v->cap;
}

static int visit_last(void *ctx, uint64_t p, uint64_t o)
{
	Vec *v = ctx;
	LastIn *a = v->v;
	uint64_t e = ~(p | o);
	if (__builtin_popcountll(e) == 1) {
		a[v->n].p = p; a[v->n].sq = __builtin_ctzll(e);
		++v->n;
	}
	return v->n < v->cap;
}

static void *xmalloc(size_t n)
{
	void *p = aligned_alloc(64, (n + 63) / 64 * 64);
	if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
	return p;
}

/* ---- timing (crates/bb-cli/src/bench/harness.rs: time_per_call) ---- */
static int g_reps = 11;
static double g_rep_ns = 3e6;

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t) ts.tv_sec * 1000000000ULL + (uint64_t) ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;
	return (x > y) - (x < y);
}

static int g_check_only;

static double time_per_call(uint64_t (*pass)(void), size_t calls)
{
	if (g_check_only) return 0;
	uint64_t t = now_ns();
	sink(pass());
	sink(pass());
	uint64_t one = (now_ns() - t) / 2;
	if (one < 1) one = 1;
	double passes_f = g_rep_ns / (double) one;
	size_t passes = passes_f < 1 ? 1 : passes_f > (1 << 20) ? (1 << 20) : (size_t) passes_f;
	double ns[64];
	int reps = g_reps < 1 ? 1 : g_reps > 64 ? 64 : g_reps;
	for (int r = 0; r < reps; ++r) {
		uint64_t t0 = now_ns();
		for (size_t i = 0; i < passes; ++i) sink(pass());
		ns[r] = (double) (now_ns() - t0) / (double) (passes * calls);
	}
	qsort(ns, reps, sizeof ns[0], cmp_double);
	return ns[reps / 2];
}

/* ---- the kernels, as Edax's public entry points ---- */
#define PREFETCH_AHEAD (1024 / sizeof (FlipIn))
#define BENCH_PREFETCH(a, i)	__builtin_prefetch((const void *) ((uintptr_t) (a) + (i) * sizeof *(a)), 0, 3)

static FlipIn *g_flip; static size_t g_nflip;
static Pos *g_mob; static size_t g_nmob;
static LastIn *g_last; static size_t g_nlast;
static Pos *g_stab; static size_t g_nstab;

static inline uint64_t k_flip(int sq, uint64_t p, uint64_t o) { return Flip(sq, p, o); }
static inline uint64_t k_mobility(uint64_t p, uint64_t o) { return get_moves(p, o); }
static inline uint64_t k_last(int sq, uint64_t p) { return (uint64_t) last_flip(sq, p); }
static inline uint64_t k_stability(uint64_t p, uint64_t o) { return (uint64_t) get_stability(p, o); }

__attribute__((noinline, flatten)) static uint64_t flip_thr(void)
{
	const FlipIn *a = g_flip; size_t n = g_nflip; uint64_t acc = 0;
	for (size_t i = 0; i < n; ++i) { BENCH_PREFETCH(a, i + PREFETCH_AHEAD); acc += k_flip(a[i].sq, a[i].p, a[i].o); }
	return acc;
}
__attribute__((noinline, flatten)) static uint64_t flip_lat(void)
{
	const FlipIn *a = g_flip; size_t n = g_nflip; uint64_t prev = 0, zero = opaque(0);
	for (size_t i = 0; i < n; ++i) { BENCH_PREFETCH(a, i + PREFETCH_AHEAD); uint64_t z = prev & zero; prev = k_flip(a[i].sq, a[i].p ^ z, a[i].o ^ z); }
	return prev;
}
__attribute__((noinline, flatten)) static uint64_t mob_thr(void)
{
	const Pos *a = g_mob; size_t n = g_nmob; uint64_t acc = 0;
	for (size_t i = 0; i < n; ++i) acc += k_mobility(a[i].p, a[i].o);
	return acc;
}
__attribute__((noinline, flatten)) static uint64_t mob_lat(void)
{
	const Pos *a = g_mob; size_t n = g_nmob; uint64_t prev = 0, zero = opaque(0);
	for (size_t i = 0; i < n; ++i) { uint64_t z = prev & zero; prev = k_mobility(a[i].p ^ z, a[i].o ^ z); }
	return prev;
}
__attribute__((noinline, flatten)) static uint64_t last_thr(void)
{
	const LastIn *a = g_last; size_t n = g_nlast; uint64_t acc = 0;
	for (size_t i = 0; i < n; ++i) acc += k_last(a[i].sq, a[i].p);
	return acc;
}
__attribute__((noinline, flatten)) static uint64_t last_lat(void)
{
	const LastIn *a = g_last; size_t n = g_nlast; uint64_t prev = 0, zero = opaque(0);
	for (size_t i = 0; i < n; ++i) { uint64_t z = prev & zero; prev = k_last(a[i].sq, a[i].p ^ z); }
	return prev;
}
__attribute__((noinline, flatten)) static uint64_t stab_thr(void)
{
	const Pos *a = g_stab; size_t n = g_nstab; uint64_t acc = 0;
	for (size_t i = 0; i < n; ++i) acc += k_stability(a[i].p, a[i].o);
	return acc;
}
__attribute__((noinline, flatten)) static uint64_t stab_lat(void)
{
	const Pos *a = g_stab; size_t n = g_nstab; uint64_t prev = 0, zero = opaque(0);
	for (size_t i = 0; i < n; ++i) { uint64_t z = prev & zero; prev = k_stability(a[i].p ^ z, a[i].o ^ z); }
	return prev;
}

/* ---- names of Edax's compile-time choices ---- */
static const char *flip_name(void)
{
	switch (MOVE_GENERATOR) {
	case MOVE_GENERATOR_KINDERGARTEN: return "edax_kindergarten";
	case MOVE_GENERATOR_32: return "edax_carry_sse_32";
	case MOVE_GENERATOR_ROXANE: return "edax_roxane";
	case MOVE_GENERATOR_CARRY: return "edax_carry_64";
	case MOVE_GENERATOR_BITSCAN: return "edax_bitscan";
	case MOVE_GENERATOR_LZCNT: return "edax_lzcnt";
	case MOVE_GENERATOR_SSE: return "edax_sse";
	case MOVE_GENERATOR_SSE_ACEPCK: return "edax_sse_acepck";
	case MOVE_GENERATOR_AVX: return "edax_avx_ppfill";
	case MOVE_GENERATOR_AVXGFNI: return "edax_avxgfni";
#ifdef AVX512_PREFER512
	case MOVE_GENERATOR_AVX512: return "edax_avx512cd_512";
#else
	case MOVE_GENERATOR_AVX512: return "edax_avx512cd";
#endif
	default: return "edax_flip";
	}
}

static const char *last_flip_name(void)
{
	switch (COUNT_LAST_FLIP) {
	case COUNT_LAST_FLIP_KINDERGARTEN: return "edax_kindergarten";
	case COUNT_LAST_FLIP_32: return "edax_32";
	case COUNT_LAST_FLIP_CARRY: return "edax_carry_64";
	case COUNT_LAST_FLIP_BITSCAN: return "edax_bitscan";
	case COUNT_LAST_FLIP_BMI: return "edax_bmi";
	case COUNT_LAST_FLIP_PLAIN: return "edax_plain";
	case COUNT_LAST_FLIP_BMI2: return "edax_bmi2";
	case COUNT_LAST_FLIP_SSE: return "edax_sse";
	case COUNT_LAST_FLIP_AVX_PPFILL: return "edax_avx_ppfill";
#ifdef AVX512_PREFER512
	case COUNT_LAST_FLIP_AVX512: return "edax_avx512cd_512";
#else
	case COUNT_LAST_FLIP_AVX512: return "edax_avx512cd";
#endif
	default: return "edax_last_flip";
	}
}

#ifdef __AVX2__
	#define MOBILITY_NAME "edax_avx2"
	#define STABILITY_NAME "edax_avx2"
#else
	#define MOBILITY_NAME "edax_sse2"
	#define STABILITY_NAME "edax_sse2"
#endif

/* ---- driver ---- */
static const char *g_backend = EDAX_BENCH_BACKEND, *g_march = EDAX_BENCH_MARCH;

static void emit(const char *kernel, const char *variant, const char *mode, double ns, int checked, size_t n)
{
	if (g_check_only) {
		if (!strcmp(mode, "throughput"))
			printf("{\"kernel\":\"%s\",\"variant\":\"%s\",\"backend\":\"%s\",\"checked\":%s,\"engine\":\"edax\",\"march\":\"%s\",\"samples\":%zu}\n",
				kernel, variant, g_backend, checked ? "true" : "false", g_march, n);
		return;
	}
	printf("{\"kernel\":\"%s\",\"variant\":\"%s\",\"backend\":\"%s\",\"mode\":\"%s\",\"ns\":%.3f,"
		"\"checked\":%s,\"default\":false,\"engine\":\"edax\",\"march\":\"%s\",\"samples\":%zu}\n",
		kernel, variant, g_backend, mode, ns, checked ? "true" : "false", g_march, n);
	fflush(stdout);
}

static int report_mismatch(const char *kernel, size_t i, uint64_t p, uint64_t o, int sq, uint64_t got, uint64_t want)
{
	fprintf(stderr, "%s: input #%zu (p %016llx, o %016llx, sq %d): got %#llx, reference %#llx\n", kernel, i,
		(unsigned long long) p, (unsigned long long) o, sq, (unsigned long long) got, (unsigned long long) want);
	return 0;
}

/* --digest: FNV-1a over each input's (p, o, square) little-endian bytes, and the sum of the
   popcounts of Edax's results (last flip: flipped discs; stability: stable discs), to compare
   the workloads and results with bb's. */
static int g_digest = 0;

static uint64_t fnv(uint64_t h, uint64_t x, int bytes)
{
	for (int i = 0; i < bytes; ++i) { h ^= (x >> (8 * i)) & 0xff; h *= 0x100000001b3ULL; }
	return h;
}

static void print_digest(const char *kernel, size_t n, uint64_t h, uint64_t sum)
{
	printf("{\"kernel\":\"%s\",\"samples\":%zu,\"digest\":\"%016llx\",\"result_popcount_sum\":%llu}\n",
		kernel, n, (unsigned long long) h, (unsigned long long) sum);
}

/* bb bench --filter: kernels or variants whose name contains TEXT; --only: a comma-separated
   list of kernel names (exact). */
static const char *g_only = NULL;

static int wanted(const char *kernel, const char *variant, const char *filter)
{
	if (g_only) {
		size_t k = strlen(kernel);
		const char *s = g_only;
		int found = 0;
		while (*s && !found) {
			size_t len = strcspn(s, ",");
			found = len == k && !strncmp(s, kernel, k);
			s += len + (s[len] == ',');
		}
		if (!found) return 0;
	}
	return strstr(kernel, filter) || strstr(variant, filter);
}

int main(int argc, char **argv)
{
	const char *filter = "";
	size_t flip_n = 1 << 20, n = 4096;
	int quick = 0, failed = 0;

	for (int i = 1; i < argc; ++i) {
		if (!strcmp(argv[i], "--quick")) quick = 1;
		else if (!strcmp(argv[i], "--check-only")) g_check_only = 1;
		else if (!strcmp(argv[i], "--digest")) g_digest = g_check_only = 1;
		else if (!strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
		else if (!strcmp(argv[i], "--only") && i + 1 < argc) g_only = argv[++i];
		else if (!strcmp(argv[i], "--reps") && i + 1 < argc) g_reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--rep-ms") && i + 1 < argc) g_rep_ns = atof(argv[++i]) * 1e6;
		else if (!strcmp(argv[i], "--flip-samples") && i + 1 < argc) flip_n = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--samples") && i + 1 < argc) n = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--backend") && i + 1 < argc) g_backend = argv[++i];
		else if (!strcmp(argv[i], "--march") && i + 1 < argc) g_march = argv[++i];
		else {
			fprintf(stderr, "usage: %s [--quick] [--check-only] [--digest] [--filter TEXT] [--only K1,K2] [--reps N] [--rep-ms MS] [--flip-samples N] [--samples N] [--backend NAME] [--march NAME]\n", argv[0]);
			return 2;
		}
	}
	if (quick) { flip_n = n = 1024; g_reps = 3; g_rep_ns = 0.2e6; }
	if (flip_n < 1 || n < 1) { fprintf(stderr, "empty workload\n"); return 2; }

	/* Edax's own initialisation of the tables these kernels read (main.c). */
	bit_init();
	edge_stability_init();

	if (wanted("flip", flip_name(), filter)) {
		Vec v = { xmalloc(flip_n * sizeof (FlipIn) + 4096), 0, flip_n };
		random_positions(0x0f119002, visit_flip, &v);
		g_flip = v.v; g_nflip = v.n;
		int ok = 1;
		for (size_t i = 0; i < g_nflip && ok; ++i) {
			const FlipIn *x = g_flip + i;
			uint64_t got = k_flip(x->sq, x->p, x->o), want = ref_flip(x->sq, x->p, x->o);
			if (got != want) ok = report_mismatch("flip", i, x->p, x->o, x->sq, got, want);
		}
		failed |= !ok;
		if (g_digest) {
			uint64_t h = 0xcbf29ce484222325ULL, sum = 0;
			for (size_t i = 0; i < g_nflip; ++i) {
				h = fnv(fnv(fnv(h, g_flip[i].p, 8), g_flip[i].o, 8), (uint64_t) g_flip[i].sq, 1);
				sum += __builtin_popcountll(k_flip(g_flip[i].sq, g_flip[i].p, g_flip[i].o));
			}
			print_digest("flip", g_nflip, h, sum);
		}
		emit("flip", flip_name(), "throughput", time_per_call(flip_thr, g_nflip), ok, g_nflip);
		emit("flip", flip_name(), "latency", time_per_call(flip_lat, g_nflip), ok, g_nflip);
	}
	if (wanted("mobility", MOBILITY_NAME, filter)) {
		Vec v = { xmalloc(n * sizeof (Pos)), 0, n };
		random_positions(0x0b110005, visit_pos, &v);
		g_mob = v.v; g_nmob = v.n;
		int ok = 1;
		for (size_t i = 0; i < g_nmob && ok; ++i) {
			uint64_t got = k_mobility(g_mob[i].p, g_mob[i].o), want = ref_moves(g_mob[i].p, g_mob[i].o);
			if (got != want) ok = report_mismatch("mobility", i, g_mob[i].p, g_mob[i].o, -1, got, want);
		}
		failed |= !ok;
		if (g_digest) {
			uint64_t h = 0xcbf29ce484222325ULL, sum = 0;
			for (size_t i = 0; i < g_nmob; ++i) {
				h = fnv(fnv(h, g_mob[i].p, 8), g_mob[i].o, 8);
				sum += __builtin_popcountll(k_mobility(g_mob[i].p, g_mob[i].o));
			}
			print_digest("mobility", g_nmob, h, sum);
		}
		emit("mobility", MOBILITY_NAME, "throughput", time_per_call(mob_thr, g_nmob), ok, g_nmob);
		emit("mobility", MOBILITY_NAME, "latency", time_per_call(mob_lat, g_nmob), ok, g_nmob);
	}
	if (wanted("last_flip_count", last_flip_name(), filter)) {
		Vec v = { xmalloc(n * sizeof (LastIn)), 0, n };
		random_positions(0x0b110006, visit_last, &v);
		g_last = v.v; g_nlast = v.n;
		int ok = 1;
		for (size_t i = 0; i < g_nlast && ok; ++i) {
			const LastIn *x = g_last + i;
			uint64_t o = ~x->p & ~(1ULL << x->sq);
			/* Edax returns twice the number of flipped discs. */
			uint64_t got = k_last(x->sq, x->p), want = 2 * (uint64_t) __builtin_popcountll(ref_flip(x->sq, x->p, o));
			if (got != want) ok = report_mismatch("last_flip_count", i, x->p, o, x->sq, got, want);
		}
		failed |= !ok;
		if (g_digest) {
			uint64_t h = 0xcbf29ce484222325ULL, sum = 0;
			for (size_t i = 0; i < g_nlast; ++i) {
				h = fnv(fnv(h, g_last[i].p, 8), (uint64_t) g_last[i].sq, 1);
				sum += k_last(g_last[i].sq, g_last[i].p) / 2;
			}
			print_digest("last_flip_count", g_nlast, h, sum);
		}
		emit("last_flip_count", last_flip_name(), "throughput", time_per_call(last_thr, g_nlast), ok, g_nlast);
		emit("last_flip_count", last_flip_name(), "latency", time_per_call(last_lat, g_nlast), ok, g_nlast);
	}
	if (wanted("stability", STABILITY_NAME, filter)) {
		Vec v = { xmalloc(n * sizeof (Pos)), 0, n };
		random_positions(0x0b110008, visit_pos, &v);
		g_stab = v.v; g_nstab = v.n;
		int ok = 1;
		for (size_t i = 0; i < g_nstab && ok; ++i) {
			/* Edax returns the number of stable discs; bb returns the set. */
			uint64_t got = k_stability(g_stab[i].p, g_stab[i].o);
			uint64_t want = (uint64_t) __builtin_popcountll(ref_stable(g_stab[i].p, g_stab[i].o));
			if (got != want) ok = report_mismatch("stability", i, g_stab[i].p, g_stab[i].o, -1, got, want);
		}
		failed |= !ok;
		if (g_digest) {
			uint64_t h = 0xcbf29ce484222325ULL, sum = 0;
			for (size_t i = 0; i < g_nstab; ++i) {
				h = fnv(fnv(h, g_stab[i].p, 8), g_stab[i].o, 8);
				sum += k_stability(g_stab[i].p, g_stab[i].o);
			}
			print_digest("stability", g_nstab, h, sum);
		}
		emit("stability", STABILITY_NAME, "throughput", time_per_call(stab_thr, g_nstab), ok, g_nstab);
		emit("stability", STABILITY_NAME, "latency", time_per_call(stab_lat, g_nstab), ok, g_nstab);
	}
	return failed;
}
