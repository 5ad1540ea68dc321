//! CPU features, the [`Isa`] enum and the pure selection function [`select`].

use core::fmt;
use core::str::FromStr;

/// This build's architecture, as [`Isa::arch`] names it.
const ARCH: &str = if cfg!(target_arch = "x86_64") {
    "x86_64"
} else if cfg!(target_arch = "aarch64") {
    "aarch64"
} else if cfg!(target_arch = "wasm32") {
    "wasm32"
} else {
    "other"
};

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// [`Isa`] and its methods, from the backend table's rows ([`__backends!`](crate::__backends!)).
/// [`Isa`], [`Isa::ALL`], [`Isa::name`], [`Isa::arch`], [`Isa::requirements`], the selection
/// order of [`select`] and the parse error's list of names all come from it; every `match` over
/// [`Isa`] elsewhere is exhaustive and fails to compile until it decides what a new token does.
macro_rules! isa_table {
    ([] $(
        $(#[$doc:meta])*
        $isa:ident, $name:literal, arch: $arch:expr, requires: $req:expr, cfg: $cfg:meta,
        export: $($export:ident)::+,
        forms: [$($forms:tt)*];
    )+) => {
        /// An instruction set with a backend token, from the least to the most capable within an
        /// architecture.
        ///
        /// ```
        /// use bb_simd::Isa;
        /// assert_eq!("avx512vbmi".parse::<Isa>(), Ok(Isa::Avx512Vbmi));
        /// assert_eq!(Isa::Ssse3.name(), "ssse3");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Isa {
            $( $(#[$doc])* $isa, )+
        }

        impl Isa {
            /// Every ISA, in declaration order.
            pub const ALL: [Isa; [$(Isa::$isa),+].len()] = [$(Isa::$isa),+];

            /// The lowercase name used by `BB_BACKEND` and
            /// [`Backend::NAME`](crate::Backend::NAME).
            pub const fn name(self) -> &'static str {
                match self {
                    $( Isa::$isa => $name, )+
                }
            }

            /// The architecture whose builds contain this backend (`None`: every architecture).
            pub const fn arch(self) -> Option<&'static str> {
                match self {
                    $( Isa::$isa => $arch, )+
                }
            }

            /// The CPU features the token requires.
            pub const fn requirements(self) -> &'static [Feature] {
                match self {
                    $( Isa::$isa => $req, )+
                }
            }
        }

        /// `BB_BACKEND`'s accepted names, for error messages.
        const NAMES: &str = concat!($($name, ", "),+);
    };
}

/// [`Feature`], its names, the build's compile-time features and the run-time probes, from one
/// row per feature: the variant, the name `#[target_feature]` and the detection macros use,
/// and the architecture whose run-time detection reports it (`none`: compile time only).
macro_rules! feature_table {
    ($($f:ident $name:tt $probe:ident),+ $(,)?) => {
        /// A CPU feature that some backend requires (or that `bb backends` reports).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum Feature {
            $($f,)+
        }

        impl Feature {
            /// Every feature.
            pub const ALL: [Feature; [$(Feature::$f),+].len()] = [$(Feature::$f),+];

            /// The name `is_x86_feature_detected!` / `#[target_feature]` use.
            pub const fn name(self) -> &'static str {
                match self {
                    $( Feature::$f => $name, )+
                }
            }
        }

        /// The features the build enables for every function (`-C target-feature`,
        /// `-C target-cpu`): what any CPU that runs this code has.
        pub(crate) const COMPILED: CpuFeatures = {
            let mut cpu = CpuFeatures::new(Vendor::Other, 0, 0, &[]);
            $( if cfg!(target_feature = $name) { cpu = cpu.with(Feature::$f); } )+
            cpu
        };

        /// `cpu` with every feature that this architecture's run-time detection reports.
        #[cfg(all(feature = "std", any(target_arch = "x86_64", target_arch = "aarch64")))]
        fn probe(mut cpu: CpuFeatures) -> CpuFeatures {
            $( probe_one!($probe, cpu, $f, $name); )+
            cpu
        }
    };
}

/// One run-time probe, expanded only for the build's own architecture.
#[cfg(all(feature = "std", any(target_arch = "x86_64", target_arch = "aarch64")))]
macro_rules! probe_one {
    (x86_64, $cpu:ident, $f:ident, $name:tt) => {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!($name) {
            $cpu = $cpu.with(Feature::$f);
        }
    };
    (aarch64, $cpu:ident, $f:ident, $name:tt) => {
        #[cfg(target_arch = "aarch64")]
        if std::arch::is_aarch64_feature_detected!($name) {
            $cpu = $cpu.with(Feature::$f);
        }
    };
    (none, $($rest:tt)*) => {};
}

/// `a` followed by `b` (`N` must be their total length).
const fn concat<const A: usize, const B: usize, const N: usize>(
    a: [Feature; A],
    b: [Feature; B],
) -> [Feature; N] {
    assert!(A + B == N);
    let mut out = [Feature::Sse2; N];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

/// x86-64-v3 (Haswell, Zen 1 and later).
const V3: [Feature; 11] = {
    use Feature::*;
    [
        Sse2, Ssse3, Sse41, Sse42, Popcnt, Avx, Avx2, Bmi1, Bmi2, Lzcnt, Movbe,
    ]
};
/// x86-64-v4 (Skylake-X and later).
const V4: [Feature; 16] = {
    use Feature::*;
    concat(V3, [Avx512f, Avx512cd, Avx512bw, Avx512dq, Avx512vl])
};
/// v4 + the Ice Lake additions.
const V4_VBMI: [Feature; 22] = {
    use Feature::*;
    concat(
        V4,
        [
            Avx512vbmi,
            Avx512vbmi2,
            Gfni,
            Avx512bitalg,
            Avx512vpopcntdq,
            Avx512vnni,
        ],
    )
};

crate::__backends!([isa_table]);

impl Isa {
    /// Whether this build contains the backend (the target architecture matches).
    pub const fn compiled(self) -> bool {
        match self.arch() {
            None => true,
            Some(arch) => const_eq(arch, ARCH),
        }
    }

    /// Whether a CPU with `cpu`'s features runs this backend (ignores the build's architecture).
    pub const fn supported_by(self, cpu: &CpuFeatures) -> bool {
        let req = self.requirements();
        let mut i = 0;
        while i < req.len() {
            if !cpu.has(req[i]) {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The required features that `cpu` lacks.
    pub fn missing(self, cpu: &CpuFeatures) -> impl Iterator<Item = Feature> + '_ {
        let cpu = *cpu;
        self.requirements()
            .iter()
            .copied()
            .filter(move |&f| !cpu.has(f))
    }
}

impl fmt::Display for Isa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an [`Isa`] from an unknown name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownIsa;

impl fmt::Display for UnknownIsa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = NAMES.strip_suffix(", ").unwrap_or(NAMES);
        write!(f, "unknown backend; expected one of {names}")
    }
}

impl core::error::Error for UnknownIsa {}

impl FromStr for Isa {
    type Err = UnknownIsa;
    /// Parses a backend name (case-insensitive, surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        Isa::ALL
            .into_iter()
            .find(|isa| isa.name().eq_ignore_ascii_case(s))
            .ok_or(UnknownIsa)
    }
}

feature_table! {
    Sse2 "sse2" x86_64,
    Ssse3 "ssse3" x86_64,
    Sse41 "sse4.1" x86_64,
    Sse42 "sse4.2" x86_64,
    Popcnt "popcnt" x86_64,
    Avx "avx" x86_64,
    Avx2 "avx2" x86_64,
    Bmi1 "bmi1" x86_64,
    Bmi2 "bmi2" x86_64,
    Lzcnt "lzcnt" x86_64,
    Movbe "movbe" x86_64,
    Fma "fma" x86_64,
    Avx512f "avx512f" x86_64,
    Avx512cd "avx512cd" x86_64,
    Avx512bw "avx512bw" x86_64,
    Avx512dq "avx512dq" x86_64,
    Avx512vl "avx512vl" x86_64,
    Avx512vbmi "avx512vbmi" x86_64,
    Avx512vbmi2 "avx512vbmi2" x86_64,
    Gfni "gfni" x86_64,
    Avx512bitalg "avx512bitalg" x86_64,
    Avx512vpopcntdq "avx512vpopcntdq" x86_64,
    Avx512vnni "avx512vnni" x86_64,
    Neon "neon" aarch64,
    Simd128 "simd128" none,
}

impl Feature {
    const fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// CPU vendor, as far as backend selection cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vendor {
    /// `GenuineIntel`.
    Intel,
    /// `AuthenticAMD` (also Hygon's `HygonGenuine`, a Zen 1 derivative).
    Amd,
    /// An AArch64 implementer (Apple, Arm, Qualcomm, ...).
    Arm,
    /// Anything else, or unknown (QEMU's TCG reports `AuthenticAMD` or `GenuineIntel`).
    Other,
}

/// What the running (or a hypothetical) CPU offers: vendor, family/model and feature flags.
///
/// Build one for a known CPU with [`CpuFeatures::new`]; get the running CPU's with
/// [`detect`].
///
/// ```
/// use bb_simd::{CpuFeatures, Feature, Isa, Vendor, select};
/// let zen2 = CpuFeatures::new(Vendor::Amd, 0x17, 0x31, &Isa::Avx2.requirements());
/// assert_eq!(select(&zen2), Isa::Avx2);
/// assert!(zen2.has(Feature::Bmi2) && !zen2.fast_pext());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CpuFeatures {
    /// CPU vendor.
    pub vendor: Vendor,
    /// x86 display family (base + extended family); 0 elsewhere.
    pub family: u32,
    /// x86 display model (with the extended model); 0 elsewhere.
    pub model: u32,
    bits: u32,
}

impl fmt::Debug for CpuFeatures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Names(CpuFeatures);
        impl fmt::Debug for Names {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list()
                    .entries(self.0.features().map(Feature::name))
                    .finish()
            }
        }
        f.debug_struct("CpuFeatures")
            .field("vendor", &self.vendor)
            .field("family", &format_args!("{:#x}", self.family))
            .field("model", &format_args!("{:#x}", self.model))
            .field("features", &Names(*self))
            .finish()
    }
}

impl CpuFeatures {
    /// A CPU with exactly `features`.
    pub const fn new(vendor: Vendor, family: u32, model: u32, features: &[Feature]) -> Self {
        let mut bits = 0;
        let mut i = 0;
        while i < features.len() {
            bits |= features[i].bit();
            i += 1;
        }
        CpuFeatures {
            vendor,
            family,
            model,
            bits,
        }
    }

    /// Whether the CPU has `f`.
    pub const fn has(&self, f: Feature) -> bool {
        self.bits & f.bit() != 0
    }

    /// This CPU with `f` added.
    pub const fn with(mut self, f: Feature) -> Self {
        self.bits |= f.bit();
        self
    }

    /// This CPU with `f` removed.
    pub const fn without(mut self, f: Feature) -> Self {
        self.bits &= !f.bit();
        self
    }

    /// The features present.
    pub fn features(&self) -> impl Iterator<Item = Feature> + '_ {
        Feature::ALL.into_iter().filter(|&f| self.has(f))
    }

    /// BMI2 present and fast: false on AMD before Zen 3 (family < 0x19), where PEXT/PDEP are
    /// microcoded (about 18 to 290 cycles depending on the mask).
    pub const fn fast_pext(&self) -> bool {
        self.has(Feature::Bmi2) && !(matches!(self.vendor, Vendor::Amd) && self.family < 0x19)
    }
}

/// The best backend for a CPU: a pure function, unit-tested on real CPUs' feature sets.
///
/// Picks `Neon` or `Wasm128` if present, else the most capable x86 token whose every
/// requirement the CPU has, else `Scalar`. It ignores the build's architecture and `BB_BACKEND`; see
/// [`best`](crate::best) for the run-time choice.
pub fn select(cpu: &CpuFeatures) -> Isa {
    // The table lists each architecture's tokens from the least to the most capable, and no CPU
    // has features of two architectures, so the last supported row is the best.
    Isa::ALL
        .into_iter()
        .rev()
        .find(|isa| isa.supported_by(cpu))
        .unwrap_or(Isa::Scalar)
}

/// The running CPU's features: cached run-time detection with `std`, the compile-time target
/// features without it.
pub fn detect() -> CpuFeatures {
    #[cfg(feature = "std")]
    {
        static CACHE: std::sync::OnceLock<CpuFeatures> = std::sync::OnceLock::new();
        *CACHE.get_or_init(detect_uncached)
    }
    #[cfg(not(feature = "std"))]
    {
        detect_uncached()
    }
}

/// Miri cannot run the CPUID instruction; the vendor only steers the slow-PEXT rule.
#[cfg(all(target_arch = "x86_64", miri))]
fn vendor_family_model() -> (Vendor, u32, u32) {
    (Vendor::Other, 0, 0)
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
fn vendor_family_model() -> (Vendor, u32, u32) {
    use core::arch::x86_64::__cpuid;
    // CPUID exists on every x86-64 CPU; leaf 0 is always valid.
    let l0 = __cpuid(0);
    let mut id = [0u8; 12];
    id[0..4].copy_from_slice(&l0.ebx.to_le_bytes());
    id[4..8].copy_from_slice(&l0.edx.to_le_bytes());
    id[8..12].copy_from_slice(&l0.ecx.to_le_bytes());
    let vendor = match &id {
        b"GenuineIntel" => Vendor::Intel,
        b"AuthenticAMD" | b"HygonGenuine" => Vendor::Amd,
        _ => Vendor::Other,
    };
    if l0.eax < 1 {
        return (vendor, 0, 0);
    }
    // Leaf 1 is valid: leaf 0 reported a maximum leaf >= 1.
    let eax = __cpuid(1).eax;
    let base_family = (eax >> 8) & 0xf;
    let base_model = (eax >> 4) & 0xf;
    let family = if base_family == 0xf {
        base_family + ((eax >> 20) & 0xff)
    } else {
        base_family
    };
    let model = if base_family == 0x6 || base_family == 0xf {
        base_model | (((eax >> 16) & 0xf) << 4)
    } else {
        base_model
    };
    (vendor, family, model)
}

#[cfg(all(feature = "std", target_arch = "x86_64"))]
fn detect_uncached() -> CpuFeatures {
    let (vendor, family, model) = vendor_family_model();
    probe(CpuFeatures::new(vendor, family, model, &[]))
}

#[cfg(all(feature = "std", target_arch = "aarch64"))]
fn detect_uncached() -> CpuFeatures {
    probe(CpuFeatures::new(Vendor::Arm, 0, 0, &[]))
}

/// Without `std` (or on an architecture without run-time detection), the compile-time features.
#[cfg(not(all(feature = "std", any(target_arch = "x86_64", target_arch = "aarch64"))))]
fn detect_uncached() -> CpuFeatures {
    #[cfg(target_arch = "x86_64")]
    let (vendor, family, model) = vendor_family_model();
    #[cfg(target_arch = "aarch64")]
    let (vendor, family, model) = (Vendor::Arm, 0, 0);
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let (vendor, family, model) = (Vendor::Other, 0, 0);
    CpuFeatures {
        vendor,
        family,
        model,
        ..COMPILED
    }
}
