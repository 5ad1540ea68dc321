// Times the slider algorithms of Gigantua/Chess_Movegen on bb's slider workload, the way
// `bb bench` times its own: throughput (independent calls, results summed) and latency (each
// call's occupancy XORed with the previous result AND an opaque zero), CPU time of the thread,
// a warm-up, repetitions of at least 3 ms, the median of 11 repetitions interleaved over the
// cases (every case timed once per repetition).
//
// Built by `cargo xtask compare movegen` with Chess_Movegen's own flags and the include path of
// the user's checkout: the peer's headers are compiled from that tree, never copied here.
//
// usage: harness WORKLOAD BUILD [FILTER]
//   WORKLOAD  the file `bb bench --dump-sliders` writes: "square occupancy-in-hex" per line
//   BUILD     the label written as the "backend" member (x86-64-v3, native)
//   FILTER    only algorithms whose name contains FILTER
// Every algorithm is first checked against a ray-walking reference on every sample; a mismatch
// is printed to stderr and ends the program with status 1 before anything is timed. Output: one
// JSON object per line and mode, shaped like `bb bench --json`'s lines.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <time.h>
#include <type_traits>
#include <vector>

#pragma clang diagnostic ignored "-Wignored-attributes"

// The peer's headers, in the order its Main.cpp includes them (some rely on earlier ones).
#include "Switch.hpp"
#include "GeneticObstructionDiff.hpp"
#include "GeneticObstructionDiffV2.hpp"
#include "FoldingHash.hpp"
#include "GaloisField.hpp"
#include "Genetic8Ray.hpp"
#include "AVXShift.hpp"
#include "Dumb7Fill.hpp"
#include "KoggeStone.hpp"
#include "Boblookup.hpp"
#include "Boblookup_advanced.hpp"
#include "Leorik.hpp"
#include "Leorik_IL.hpp"
#include "Pext.hpp"
#include "SplitPext.hpp"
#include "Hash_Plain.hpp"
#include "Hash_Var.hpp"
#include "Correlationmagic.hpp"
#include "Spectralmagic.hpp"
#include "Hash_Fancy.hpp"
#include "Exploading.hpp"
#include "SBAMG.hpp"
#include "SBAMG_IL.hpp"
#include "BinaryNeuralNetwork.hpp"
#include "Hyperbola.hpp"
#include "Hyperbola_IL.hpp"
#include "SlideArithm.hpp"
#include "SlideArithm_IL.hpp"
#include "Kindergarten.hpp"
#include "ObstructionDiff.hpp"
#include "ObstructionDiff_IL.hpp"
#include "QBB.hpp"
#include "GeneticQBB.hpp"
#include "Sissy.hpp"
#include "KindergartenSuperSissyBoard.hpp"
#include "Bitrotation.hpp"

namespace {

// One algorithm: its name, queen, and rook and bishop where the peer exposes them. The calls
// are static member functions so that the timing templates inline them, as `bb bench` inlines
// its kernels.
#define QUEEN_ONLY(Id, Name, Q)                                                                  \
    struct Id {                                                                                  \
        static constexpr const char* name = Name;                                                \
        static constexpr bool has_rook_bishop = false;                                           \
        static inline uint64_t queen(int sq, uint64_t occ) { return Q(sq, occ); }                \
        static inline uint64_t rook(int, uint64_t) { return 0; }                                 \
        static inline uint64_t bishop(int, uint64_t) { return 0; }                               \
    };
#define ALL_THREE(Id, Name, NS)                                                                  \
    struct Id {                                                                                  \
        static constexpr const char* name = Name;                                                \
        static constexpr bool has_rook_bishop = true;                                            \
        static inline uint64_t queen(int sq, uint64_t occ) { return NS::Queen(sq, occ); }        \
        static inline uint64_t rook(int sq, uint64_t occ) { return NS::Rook(sq, occ); }          \
        static inline uint64_t bishop(int sq, uint64_t occ) { return NS::Bishop(sq, occ); }      \
    };

namespace CL = Chess_Lookup;
QUEEN_ONLY(CMagic, "correlation_magic", CL::Correlationmagic::Queen)
QUEEN_ONLY(SMagic, "spectral_magic", CL::Correlationmagic::SpectralQueen)
QUEEN_ONLY(SMagic2, "spectral_magic_switched", CL::SpectralMagic::Queen)
ALL_THREE(Sbamg, "sbamg", CL::SBAMG)
ALL_THREE(SbamgIl, "sbamg_inline", CL::SBAMGInline)
QUEEN_ONLY(Galois, "galois_field", CL::GaloisField::Queen)
QUEEN_ONLY(Hyperbola, "hyperbola_qsc", CL::HyperbolaQsc::Queen)
QUEEN_ONLY(HyperbolaIl, "hyperbola_qsc_inline", CL::HyperbolaQscInline::Queen)
ALL_THREE(Genetic8, "genetic_8ray", CL::Genetic8Ray)
QUEEN_ONLY(Bitrotation, "bitrotation", CL::Bitrotation::Queen)
ALL_THREE(Bnn, "binary_neural_network", CL::BNN)
QUEEN_ONLY(Exploding, "exploding_bitboards", CL::ExplodingBoard::Queen)
ALL_THREE(Switch, "switch_lookup", CL::Lookup_Switch)
ALL_THREE(AvxShift, "avx_branchless_shift", CL::AVXShift)
QUEEN_ONLY(PextEmu, "pext_emulated", CL::Lookup_Pext::Queen_Emulated)
ALL_THREE(Dumb7, "dumb7_fill", CL::Dumb7Fill)
QUEEN_ONLY(Kogge, "kogge_stone", CL::KoggeStone::Queen)
ALL_THREE(Qbb, "qbbengine", CL::QBB)
ALL_THREE(GeneticQbb, "qbbengine_shifted_mask", CL::GeneticQBB)
ALL_THREE(Bob, "classical_bob_mike", CL::BobLU)
QUEEN_ONLY(BobAdv, "advanced_bob_mike", CL::BobAdvanced::Queen)
ALL_THREE(Leorik, "leorik", CL::Leorik)
ALL_THREE(LeorikIl, "leorik_inline", CL::LeorikIL)
ALL_THREE(Obstruct, "obstruction_difference", CL::ObstructionDiff)
ALL_THREE(ObstructIl, "obstruction_difference_inline", CL::ObstructionDiffInline)
ALL_THREE(GenObstruct, "genetic_obstruction_difference", CL::GeneticObstructionDiff)
ALL_THREE(GenObstruct2, "genetic_obstruction_difference_v2", CL::GeneticObstructionDiffV2)
QUEEN_ONLY(Arithm, "slide_arithmetic", CL::SlideArithm::Queen)
QUEEN_ONLY(ArithmIl, "slide_arithmetic_inline", CL::SlideArithmInline::Queen)
ALL_THREE(Kindergarten, "kindergarten", CL::Kindergarten)
QUEEN_ONLY(Sissy, "sissy_bitboards", CL::SISSY::Queen)
ALL_THREE(Kgssb, "kindergarten_super_sissy", CL::KGSSB)
QUEEN_ONLY(HVar, "fancy_magic_variable_shift", CL::Var::Queen)
QUEEN_ONLY(Folding, "folding_hash", CL::FoldingHash::Queen)
QUEEN_ONLY(Plain, "plain_magic", CL::Plain::Queen)
QUEEN_ONLY(Black, "black_magic_fixed_shift", CL::Fancy::Queen)
ALL_THREE(Pext, "pext", CL::Lookup_Pext)
QUEEN_ONLY(SplitPext, "split_pext", CL::SplitPext::Queen)
// Left out: HyperCube and Rotated Bitboards keep per-position state that their Prepare(occ)
// builds and their Move updates; every sample here is a different position, so a per-call
// Prepare would time the preparation, not the lookup.

// GaloisField is an AVX-512 + GFNI algorithm; without them the header emulates the
// instructions one lane at a time (about 500 ns a queen), which times the emulation.
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__GFNI__)
#define GALOIS(X) X(Galois)
#else
#define GALOIS(X)
#define GALOIS_SKIPPED "galois_field: needs AVX-512 (F, BW) and GFNI, which this build lacks"
#endif

#define EVERY_ALGORITHM(X)                                                                       \
    X(CMagic) X(SMagic) X(SMagic2) X(Sbamg) X(SbamgIl) GALOIS(X) X(Hyperbola) X(HyperbolaIl)     \
    X(Genetic8) X(Bitrotation) X(Bnn) X(Exploding) X(Switch) X(AvxShift) X(PextEmu) X(Dumb7)     \
    X(Kogge) X(Qbb) X(GeneticQbb) X(Bob) X(BobAdv) X(Leorik) X(LeorikIl) X(Obstruct)             \
    X(ObstructIl) X(GenObstruct) X(GenObstruct2) X(Arithm) X(ArithmIl) X(Kindergarten) X(Sissy)  \
    X(Kgssb) X(HVar) X(Folding) X(Plain) X(Black) X(Pext) X(SplitPext)

enum class Piece { Rook, Bishop, Queen };
constexpr const char* piece_name(Piece p) {
    return p == Piece::Rook ? "rook" : p == Piece::Bishop ? "bishop" : "queen";
}

template <class A, Piece P>
inline uint64_t attacks(int sq, uint64_t occ) {
    if constexpr (P == Piece::Rook) return A::rook(sq, occ);
    else if constexpr (P == Piece::Bishop) return A::bishop(sq, occ);
    else return A::queen(sq, occ);
}

// The reference: walk each ray from the square until the first occupied square (included).
uint64_t walk(int sq, uint64_t occ, const int (*dirs)[2], int n) {
    uint64_t a = 0;
    for (int d = 0; d < n; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += dirs[d][0], r += dirs[d][1]) {
            uint64_t bit = uint64_t{1} << (r * 8 + f);
            a |= bit;
            if (occ & bit) break;
        }
    }
    return a;
}
constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
uint64_t reference(Piece p, int sq, uint64_t occ) {
    uint64_t r = walk(sq, occ, kRookDirs, 4), b = walk(sq, occ, kBishopDirs, 4);
    return p == Piece::Rook ? r : p == Piece::Bishop ? b : r | b;
}

struct Sample {
    int sq;
    uint64_t occ;
};

uint64_t now_ns() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return uint64_t(t.tv_sec) * 1000000000u + uint64_t(t.tv_nsec);
}

// The compiler must assume the value is used, and must not know it.
inline void keep(uint64_t v) { asm volatile("" : : "r"(v) : "memory"); }
inline uint64_t opaque_zero() {
    uint64_t z = 0;
    asm volatile("" : "+r"(z));
    return z;
}

template <class A, Piece P>
__attribute__((noinline)) uint64_t throughput(const Sample* s, size_t n) {
    uint64_t acc = 0;
    for (size_t i = 0; i < n; i++) acc += attacks<A, P>(s[i].sq, s[i].occ);
    return acc;
}

template <class A, Piece P>
__attribute__((noinline)) uint64_t latency(const Sample* s, size_t n, uint64_t zero) {
    uint64_t prev = 0;
    for (size_t i = 0; i < n; i++) prev = attacks<A, P>(s[i].sq, s[i].occ ^ (prev & zero));
    return prev;
}

constexpr uint64_t kRepNs = 3000000;  // bb bench: repetitions of at least 3 ms
constexpr int kReps = 11;              // bb bench: the median of 11

// One timed repetition of `pass` (`n` calls), as bb's `time_repetition`: the first one warms up
// twice and sizes the repetition, later ones warm up with one untimed pass (the other cases ran
// in between and evicted this one's tables).
template <class F>
double time_repetition(F&& pass, size_t n, uint64_t& passes) {
    if (passes == 0) {
        uint64_t t = now_ns();
        keep(pass());
        keep(pass());
        uint64_t one = std::max<uint64_t>((now_ns() - t) / 2, 1);
        passes = std::clamp<uint64_t>(kRepNs / one, 1, uint64_t{1} << 20);
    } else {
        keep(pass());
    }
    uint64_t t = now_ns();
    for (uint64_t i = 0; i < passes; i++) keep(pass());
    return double(now_ns() - t) / double(passes * n);
}

struct Case {
    std::string algorithm;
    Piece piece;
    std::string (*check)(const std::vector<Sample>&);
    void (*time)(const std::vector<Sample>&, uint64_t (&passes)[2], double (&ns)[2]);
    uint64_t passes[2] = {0, 0};
    std::vector<double> ns[2];
};

template <class A, Piece P>
std::string check(const std::vector<Sample>& w) {
    for (size_t i = 0; i < w.size(); i++) {
        uint64_t got = attacks<A, P>(w[i].sq, w[i].occ), want = reference(P, w[i].sq, w[i].occ);
        if (got != want) {
            char buf[200];
            std::snprintf(buf, sizeof buf, "%s %s, sample #%zu (square %d, occupancy %#llx): got %#llx, reference %#llx",
                          A::name, piece_name(P), i, w[i].sq, (unsigned long long)w[i].occ,
                          (unsigned long long)got, (unsigned long long)want);
            return buf;
        }
    }
    return "";
}

template <class A, Piece P>
void time_case(const std::vector<Sample>& w, uint64_t (&passes)[2], double (&ns)[2]) {
    const Sample* s = w.data();
    size_t n = w.size();
    ns[0] = time_repetition([&] { return throughput<A, P>(s, n); }, n, passes[0]);
    ns[1] = time_repetition([&] { return latency<A, P>(s, n, opaque_zero()); }, n, passes[1]);
}

template <class A>
void add(std::vector<Case>& cases, const char* filter) {
    if (filter && !std::strstr(A::name, filter)) return;
    cases.push_back(Case{A::name, Piece::Queen, check<A, Piece::Queen>, time_case<A, Piece::Queen>});
    if constexpr (A::has_rook_bishop) {
        cases.push_back(Case{A::name, Piece::Rook, check<A, Piece::Rook>, time_case<A, Piece::Rook>});
        cases.push_back(Case{A::name, Piece::Bishop, check<A, Piece::Bishop>, time_case<A, Piece::Bishop>});
    }
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) {
        std::fprintf(stderr, "usage: %s WORKLOAD BUILD [FILTER]\n", argv[0]);
        return 2;
    }
    std::vector<Sample> w;
    {
        FILE* f = std::fopen(argv[1], "r");
        if (!f) {
            std::perror(argv[1]);
            return 2;
        }
        int sq;
        unsigned long long occ;
        while (std::fscanf(f, "%d %llx", &sq, &occ) == 2) {
            if (sq < 0 || sq > 63) {
                std::fprintf(stderr, "%s: square %d out of range\n", argv[1], sq);
                return 2;
            }
            w.push_back({sq, occ});
        }
        std::fclose(f);
    }
    if (w.empty()) {
        std::fprintf(stderr, "%s: no samples\n", argv[1]);
        return 2;
    }

    // The tables some algorithms fill at run time (as the peer's Main.cpp does first).
    CL::SISSY::Init();
    CL::KGSSB::Init();
    CL::Correlationmagic::Init();
    CL::SpectralMagic::Init();

#ifdef GALOIS_SKIPPED
    std::fprintf(stderr, "# skipped %s\n", GALOIS_SKIPPED);
#endif
    std::vector<Case> cases;
    const char* filter = argc == 4 ? argv[3] : nullptr;
#define ADD(A) add<A>(cases, filter);
    EVERY_ALGORITHM(ADD)
    if (cases.empty()) {
        std::fprintf(stderr, "no algorithm matches %s\n", filter);
        return 2;
    }
    for (auto& c : cases) {
        std::string e = c.check(w);
        if (!e.empty()) {
            std::fprintf(stderr, "MISMATCH %s\n", e.c_str());
            return 1;
        }
    }
    for (int rep = 0; rep < kReps; rep++) {
        for (auto& c : cases) {
            double ns[2];
            c.time(w, c.passes, ns);
            c.ns[0].push_back(ns[0]);
            c.ns[1].push_back(ns[1]);
        }
    }
    for (auto& c : cases) {
        for (int m = 0; m < 2; m++) {
            auto [lo, hi] = std::minmax_element(c.ns[m].begin(), c.ns[m].end());
            std::printf("{\"kernel\":\"%s\",\"variant\":\"%s\",\"backend\":\"%s\",\"mode\":\"%s\","
                        "\"ns\":%.3f,\"min\":%.3f,\"max\":%.3f,\"inputs\":%zu,\"checked\":true,"
                        "\"default\":false}\n",
                        piece_name(c.piece), c.algorithm.c_str(), argv[2],
                        m == 0 ? "throughput" : "latency", median(c.ns[m]), *lo, *hi, w.size());
        }
    }
    return 0;
}
