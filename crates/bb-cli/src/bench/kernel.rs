//! The one bench adapter of the kernel model: every [`Variant`] of a [`Kernel`] becomes a
//! [`Case`], so a kernel file only supplies its workload.

use super::{Case, Register};
use bb_simd::Backend;
use bb_simd::kernel::{Kernel, Variant, Visit};
use std::marker::PhantomData;
use std::sync::Arc;

/// Variant `V` of kernel `K` as a benchmark case; `STREAM` as [`Case::STREAM`].
pub struct KernelCase<K, V, const STREAM: bool = false>(PhantomData<fn() -> (K, V)>);

impl<K, V, const STREAM: bool> Clone for KernelCase<K, V, STREAM> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K, V, const STREAM: bool> Copy for KernelCase<K, V, STREAM> {}
impl<K, V, const STREAM: bool> Default for KernelCase<K, V, STREAM> {
    fn default() -> Self {
        KernelCase(PhantomData)
    }
}

impl<K: Kernel, V: Variant<K>, const STREAM: bool> Case for KernelCase<K, V, STREAM> {
    type Input = K::Input;
    const KERNEL: &'static str = K::NAME;
    const VARIANT: &'static str = V::NAME;
    const STREAM: bool = STREAM;
    fn supported<B: Backend>() -> bool {
        V::supported::<B>()
    }
    fn is_default<B: Backend>() -> bool {
        K::default_name::<B>() == V::NAME
    }
    #[inline(always)]
    fn run<B: Backend>(b: B, x: &K::Input) -> u64 {
        K::fold(V::run(b, x))
    }
    fn reference(x: &K::Input) -> u64 {
        K::fold(V::own_reference(x).unwrap_or_else(|| K::reference(x)))
    }
    #[inline(always)]
    fn chain(x: &K::Input, z: u64) -> K::Input {
        K::chain(x, z)
    }
}

/// Registers every variant of `K` on one shared workload (`STREAM` for workloads larger than
/// the caches).
pub fn register<K: Kernel, const STREAM: bool>(r: &mut impl Register, inputs: Arc<[K::Input]>) {
    struct Each<'a, R, K: Kernel, const STREAM: bool>(&'a mut R, Arc<[K::Input]>);
    impl<R: Register, K: Kernel, const STREAM: bool> Visit<K> for Each<'_, R, K, STREAM> {
        fn visit<V: Variant<K>>(&mut self) {
            self.0.add::<KernelCase<K, V, STREAM>>(self.1.clone());
        }
    }
    K::for_each_variant(&mut Each::<_, K, STREAM>(r, inputs));
}
