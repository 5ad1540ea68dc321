/*
 * edax_kernels.c: times Edax's own bitboard kernels (flip, mobility, last-flip count,
 * stability) and its pattern evaluation (features set, features updated, weighted sum) with
 * the workload and the timing loops of `bb bench`, and prints one JSON object per line and
 * mode in the shape of `bb bench --json`.
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
 *   eval_set         eval_set(&eval, &board)               (eval_sse.c / eval.c)
 *   eval_update      eval_update_leaf(x, f, &out, &in)     (eval_sse.c / eval.c)
 *   eval_sum         accumlate_eval(ply, &eval)            (midgame.c)
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
 *   eval_set         4096 positions, seed 0x0e7a0001, seen from the player (digit 0)
 *   eval_update      every legal move of every position, 4096 samples, seed 0x0e7a0002, with
 *                    Eval.n_empties the position's empty squares (Edax's side-to-move rule)
 *   eval_sum         4096 positions, seed 0x0e7a0004, the features eval_set gives with
 *                    n_empties the position's; the weight file: Edax's header, then 54 plies of
 *                    114364 packed weights, each the upper 16 bits of one draw of the generator
 *                    seeded 0x0e7a0005 (bb's SUM_WEIGHTS_SEED), written to a temporary file and
 *                    read by Edax's eval_open
 *
 * Timing, as bb's harness (crates/bb-cli/src/bench/harness.rs): thread CPU time
 * (CLOCK_THREAD_CPUTIME_ID), two warm-up passes, passes added until one repetition lasts
 * 3 ms, median of 11 repetitions, ns per call. Throughput: independent calls, results
 * summed. Latency: each call's inputs are XORed with (previous result & zero), zero an
 * opaque 0 (the features of eval_update in vector registers, as Edax loads them; the number
 * of empties of eval_sum, which selects the ply's weights). Flip prefetches each input 1 KiB
 * ahead (bb's Case::STREAM). The evaluation's features are folded to one word by XORing their
 * twelve 64-bit words.
 *
 * What the kernels return differs from bb's in two places, both kept as Edax has them:
 * last_flip returns twice the number of flipped discs (bb: the number), get_stability the
 * number of stable discs, a popcount included (bb: the set of stable discs). Edax's flip
 * takes the board in an xmm register (P low, O high): Flip(x, P, O) builds it from the two
 * words, as bb's flip takes (square, p, o).
 *
 * Every result is checked against a plain reference written here (ray walking for flip
 * and mobility, twice the flipped count for Edax's last_flip, a retrograde edge table plus
 * the full-line / spreading rule for stability, the features square by square for eval_set
 * and eval_update (of the board after the move): each index the sum of the squares' digits
 * times their powers of 3 in Edax's per-square table, and the sum of those features' weights
 * one by one for eval_sum).
 *
 * Options: --quick (1024 samples, 3 repetitions of 0.2 ms, like `bb bench --quick`),
 * --check-only (check every kernel against the reference, time nothing), --digest (as
 * --check-only, and print a hash of each workload and the sum of the results' popcounts),
 * --filter TEXT (kernel or variant names containing TEXT), --only K1,K2 (these kernels only:
 * flip, mobility, last_flip_count, stability, eval_set, eval_update, eval_sum), --reps N, --rep-ms MS, --flip-samples N,
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

/* ---- the pattern evaluation ---- */
/* The board before the move (p to move) is kept for the check only. */
typedef struct { Eval in; uint64_t f, p, o; int x; } UpdIn;

static Pos *g_eset; static size_t g_neset;
static UpdIn *g_eupd; static size_t g_neupd;
/* The board (p to move) is kept for the check only. */
typedef struct { Eval e; uint64_t p, o; } SumIn;
static SumIn *g_esum; static size_t g_nesum;

static inline uint64_t fold_eval(const Eval *e)
{
	uint64_t h = 0;
	for (int i = 0; i < 12; ++i) h ^= e->feature.ull[i];
	return h;
}

/* The features of board (p, o) seen as Edax's eval_set sees it with n_empties empty squares:
   each lane the sum over the squares of the square's digit (0 the player's disc, 1 the
   opponent's, 2 empty) times its power of 3 in that feature (Edax's EVAL_FEATURE[x], zero for
   a square outside the feature), plus the feature's offset in its weight table. */
static void ref_features(Eval *e, uint64_t p, uint64_t o, int n_empties)
{
	Board b = { p, o };
	if (n_empties & 1) { b.player = o; b.opponent = p; }
	memset(e, 0, sizeof *e);
	e->n_empties = n_empties;
	for (int i = 0; i < 48; ++i) {
		int x = EVAL_OFFSET[i];
		for (int sq = 0; sq < 64; ++sq) x += board_get_square_color(&b, sq) * EVAL_FEATURE[sq].us[i];
		e->feature.us[i] = (unsigned short) x;
	}
}

/* The weighted sum of features f for ply `ply`, weight by weight. */
static int ref_sum(const Eval *e, int ply)
{
	int b0 = ply & 1, pair = ply - 2;
	if (pair < 0) pair = 0;
	pair >>= 1;
	if (pair > EVAL_N_2PLY - 2) pair = EVAL_N_2PLY - 2;
	const Eval_weight *w = *EVAL_WEIGHT + pair;
	const unsigned short *f = e->feature.us;
	int sum = w->S0[b0];
	for (int i = 0; i < 46; ++i) {
		const short (*t)[2] = i < 4 ? w->C9 : i < 8 ? w->C10 : i < 12 ? w->S100 : i < 16 ? w->S101 : i < 30 ? w->S8x4 : w->S7654;
		sum += t[f[i]][b0];
	}
	return sum;
}

static inline void k_eval_set(Eval *e, uint64_t p, uint64_t o)
{
	Board b = { p, o };
	e->n_empties = 0;	/* even: digit 0 is the player's, as bb's (p, o) */
	eval_set(e, &b);
}

__attribute__((noinline, flatten)) static uint64_t eset_thr(void)
{
	const Pos *a = g_eset; size_t n = g_neset; uint64_t acc = 0;
	for (size_t i = 0; i < n; ++i) { Eval e; k_eval_set(&e, a[i].p, a[i].o); acc += fold_eval(&e); }
	return acc;
}
__attribute__((noinline, flatten)) static uint64_t eset_lat(void)
{
	const Pos *a = g_eset; size_t n = g_neset; uint64_t prev = 0, zero = opaque(0);
	for (size_t i = 0; i < n; ++i) { uint64_t z = prev & zero; Eval e; k_eval_set(&e, a[i].p ^ z, a[i].o ^ z); prev = fold_eval(&e); }
	return prev;
}
__attribute__((noinline, flatten)) static uint64_t eupd_thr(void)
{
	const UpdIn *a = g_eupd; size_t n = g_neupd; uint64_t acc = 0;
	for (size_t i = 0; i < n; ++i) { Eval out; eval_update_leaf(a[i].x, a[i].f, &out, &a[i].in); acc += fold_eval(&out); }
	return acc;
}
/* The features XORed in vector registers, the width Edax's update loads them with, so that
   the chain does not add a store-forwarding stall Edax's search does not have. */
static inline void xor_features(Eval *e, const Eval *in, uint64_t z)
{
#ifdef __AVX2__
	__m256i v = _mm256_set1_epi64x((long long) z);
	for (int k = 0; k < 3; ++k) e->feature.v16[k] = _mm256_xor_si256(in->feature.v16[k], v);
#else
	__m128i v = _mm_set1_epi64x((long long) z);
	for (int k = 0; k < 6; ++k) e->feature.v8[k] = _mm_xor_si128(in->feature.v8[k], v);
#endif
	e->n_empties = in->n_empties;
	e->parity = in->parity;
}
__attribute__((noinline, flatten)) static uint64_t eupd_lat(void)
{
	const UpdIn *a = g_eupd; size_t n = g_neupd; uint64_t prev = 0, zero = opaque(0);
	for (size_t i = 0; i < n; ++i) {
		Eval e, out;
		xor_features(&e, &a[i].in, prev & zero);
		eval_update_leaf(a[i].x, a[i].f, &out, &e);
		prev = fold_eval(&out);
	}
	return prev;
}
__attribute__((noinline, flatten)) static uint64_t esum_thr(void)
{
	SumIn *a = g_esum; size_t n = g_nesum; uint64_t acc = 0;
	for (size_t i = 0; i < n; ++i) acc += (uint64_t) accumlate_eval(60 - a[i].e.n_empties, &a[i].e);
	return acc;
}
__attribute__((noinline, flatten)) static uint64_t esum_lat(void)
{
	SumIn *a = g_esum; size_t n = g_nesum; uint64_t prev = 0, zero = opaque(0);
	for (size_t i = 0; i < n; ++i) prev = (uint64_t) accumlate_eval(60 - (a[i].e.n_empties ^ (int) (prev & zero)), &a[i].e);
	return prev;
}

static int visit_upd(void *ctx, uint64_t p, uint64_t o)
{
	Vec *v = ctx;
	UpdIn *a = v->v;
	uint64_t m = ref_moves(p, o);
	int n_empties = __builtin_popcountll(~(p | o));
	while (m) {
		UpdIn *u = a + v->n;
		Board b = { p, o };
		u->x = __builtin_ctzll(m);
		u->f = ref_flip(u->x, p, o);
		u->p = p; u->o = o;
		memset(&u->in, 0, sizeof u->in);
		u->in.n_empties = n_empties;
		eval_set(&u->in, &b);
		m &= m - 1;
		if (++v->n == v->cap) return 0;
	}
	return 1;
}

static int visit_sum(void *ctx, uint64_t p, uint64_t o)
{
	Vec *v = ctx;
	SumIn *a = v->v;
	Board b = { p, o };
	memset(a + v->n, 0, sizeof *a);
	a[v->n].e.n_empties = __builtin_popcountll(~(p | o));
	eval_set(&a[v->n].e, &b);
	a[v->n].p = p; a[v->n].o = o;
	return ++v->n < v->cap;
}

/* Edax's weight file of bb's eval_sum: the header (EDAX, EVAL, version 4.5.0, a zero date),
   then 54 plies of 114364 weights, each the upper 16 bits of one draw seeded 0x0e7a0005. */
static void open_random_weights(void)
{
	char path[] = "/tmp/edax-kernels-eval-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "wb");
	if (!f) { fprintf(stderr, "cannot write a temporary weight file\n"); exit(2); }
	const uint32_t header[5] = { 0x45444158u, 0x4556414cu, 4, 5, 0 };
	const double date = 0;
	fwrite(header, sizeof header, 1, f);
	fwrite(&date, sizeof date, 1, f);
	Rng r;
	rng_init(&r, 0x0e7a0005);
	static int16_t ply[114364];
	for (int k = 0; k < 54; ++k) {
		for (int i = 0; i < 114364; ++i) ply[i] = (int16_t) (uint16_t) (rng_next(&r) >> 48);
		fwrite(ply, sizeof ply, 1, f);
	}
	if (fclose(f)) { fprintf(stderr, "cannot write %s\n", path); exit(2); }
	eval_open(path);
	remove(path);
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
#if defined(__AVX512F__) && defined(AVX512_PREFER512)
	#define EVAL_VECTOR_NAME "edax_avx512"
#elif defined(__AVX2__)
	#define EVAL_VECTOR_NAME "edax_avx2"
#else
	#define EVAL_VECTOR_NAME "edax_sse2"
#endif
/* accumlate_eval's choice (midgame.c). */
#if defined(__AVX2__) && !defined(__bdver4__) && !defined(__znver1__) && !defined(__znver2__)
	#define EVAL_SUM_NAME "edax_gather"
#else
	#define EVAL_SUM_NAME "edax_plain"
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
	if (wanted("eval_set", EVAL_VECTOR_NAME, filter)) {
		Vec v = { xmalloc(n * sizeof (Pos)), 0, n };
		random_positions(0x0e7a0001, visit_pos, &v);
		g_eset = v.v; g_neset = v.n;
		int ok = 1;
		for (size_t i = 0; i < g_neset && ok; ++i) {
			Eval got, want;
			k_eval_set(&got, g_eset[i].p, g_eset[i].o);
			ref_features(&want, g_eset[i].p, g_eset[i].o, 0);
			if (memcmp(&got.feature, &want.feature, sizeof got.feature))
				ok = report_mismatch("eval_set", i, g_eset[i].p, g_eset[i].o, -1, fold_eval(&got), fold_eval(&want));
		}
		failed |= !ok;
		emit("eval_set", EVAL_VECTOR_NAME, "throughput", time_per_call(eset_thr, g_neset), ok, g_neset);
		emit("eval_set", EVAL_VECTOR_NAME, "latency", time_per_call(eset_lat, g_neset), ok, g_neset);
	}
	if (wanted("eval_update", EVAL_VECTOR_NAME, filter)) {
		Vec v = { xmalloc(n * sizeof (UpdIn) + 64 * sizeof (UpdIn)), 0, n };
		random_positions(0x0e7a0002, visit_upd, &v);
		g_eupd = v.v; g_neupd = v.n;
		int ok = 1;
		for (size_t i = 0; i < g_neupd && ok; ++i) {
			const UpdIn *u = g_eupd + i;
			Eval got, want;
			eval_update_leaf(u->x, u->f, &got, &u->in);
			/* Digit 0 keeps its colour through the move. */
			ref_features(&want, u->p | u->f | (1ULL << u->x), u->o & ~u->f, u->in.n_empties);
			if (memcmp(&got.feature, &want.feature, sizeof got.feature))
				ok = report_mismatch("eval_update", i, u->p, u->o, u->x, fold_eval(&got), fold_eval(&want));
		}
		failed |= !ok;
		emit("eval_update", EVAL_VECTOR_NAME, "throughput", time_per_call(eupd_thr, g_neupd), ok, g_neupd);
		emit("eval_update", EVAL_VECTOR_NAME, "latency", time_per_call(eupd_lat, g_neupd), ok, g_neupd);
	}
	if (wanted("eval_sum", EVAL_SUM_NAME, filter)) {
		open_random_weights();
		Vec v = { xmalloc(n * sizeof (SumIn)), 0, n };
		random_positions(0x0e7a0004, visit_sum, &v);
		g_esum = v.v; g_nesum = v.n;
		int ok = 1;
		for (size_t i = 0; i < g_nesum && ok; ++i) {
			SumIn *x = g_esum + i;
			Eval want;
			int ply = 60 - x->e.n_empties;
			ref_features(&want, x->p, x->o, x->e.n_empties);
			int got = accumlate_eval(ply, &x->e), ref = ref_sum(&want, ply);
			if (got != ref) ok = report_mismatch("eval_sum", i, x->p, x->o, ply, (uint64_t) got, (uint64_t) ref);
		}
		failed |= !ok;
		emit("eval_sum", EVAL_SUM_NAME, "throughput", time_per_call(esum_thr, g_nesum), ok, g_nesum);
		emit("eval_sum", EVAL_SUM_NAME, "latency", time_per_call(esum_lat, g_nesum), ok, g_nesum);
	}
	return failed;
}
