//! Eight-lane arithmetic: the synthesizer runs eight layers side by side, one per lane,
//! because every layer's filter, noise colour and low-pass is a recursion whose next
//! sample waits on the last — one layer at a time the CPU idles on that latency, eight
//! at a time it fills it. Each operation is a plain loop over the lanes that LLVM turns
//! into one vector instruction (two with SSE2, one with AVX2); only IEEE `+ − × ÷`,
//! comparisons and bit operations, so every instruction set gives the same bits.

use std::ops::{Add, Mul, Neg, Sub};

/// Lanes per bank.
pub const LANES: usize = 8;

/// Eight `f32`s.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(32))]
pub struct F8(pub [f32; LANES]);

/// Eight `u32`s (the lanes' noise generators).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct U8(pub [u32; LANES]);

macro_rules! lanewise {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for F8 {
            type Output = F8;
            #[inline(always)]
            fn $f(self, o: F8) -> F8 {
                F8(std::array::from_fn(|i| self.0[i] $op o.0[i]))
            }
        }
    };
}
lanewise!(Add, add, +);
lanewise!(Sub, sub, -);
lanewise!(Mul, mul, *);

impl Neg for F8 {
    type Output = F8;
    #[inline(always)]
    fn neg(self) -> F8 {
        self.map(|x| -x)
    }
}

impl F8 {
    /// All lanes `x`.
    #[inline(always)]
    pub const fn splat(x: f32) -> F8 {
        F8([x; LANES])
    }

    /// `f` on every lane.
    #[inline(always)]
    pub fn map(self, f: impl Fn(f32) -> f32) -> F8 {
        F8(std::array::from_fn(|i| f(self.0[i])))
    }

    /// `f` on every pair of lanes.
    #[inline(always)]
    pub fn zip(self, o: F8, f: impl Fn(f32, f32) -> f32) -> F8 {
        F8(std::array::from_fn(|i| f(self.0[i], o.0[i])))
    }

    /// |x| (clears the sign bit).
    #[inline(always)]
    pub fn abs(self) -> F8 {
        self.map(|x| f32::from_bits(x.to_bits() & 0x7fff_ffff))
    }

    /// The larger of each pair (`o` where either is NaN: none reaches here).
    #[inline(always)]
    pub fn max(self, o: F8) -> F8 {
        self.zip(o, |a, b| if a > b { a } else { b })
    }

    /// Each lane's magnitude with `sign`'s sign bit.
    #[inline(always)]
    pub fn copysign(self, sign: F8) -> F8 {
        self.zip(sign, |m, s| {
            f32::from_bits((m.to_bits() & 0x7fff_ffff) | (s.to_bits() & 0x8000_0000))
        })
    }

    /// `a` where `self > lim`, else `b`.
    #[inline(always)]
    pub fn gt_select(self, lim: F8, a: F8, b: F8) -> F8 {
        F8(std::array::from_fn(|i| {
            if self.0[i] > lim.0[i] {
                a.0[i]
            } else {
                b.0[i]
            }
        }))
    }

    /// `a` where `self < lim`, else `b`.
    #[inline(always)]
    pub fn lt_select(self, lim: F8, a: F8, b: F8) -> F8 {
        lim.gt_select(self, a, b)
    }

    /// The lanes summed in a fixed order: halves first, then adjacent pairs — the
    /// order of the AVX reduction in [`sum_rows`], so both give the same bits.
    #[inline(always)]
    pub fn sum(self) -> f32 {
        let v = self.0;
        ((v[0] + v[4]) + (v[1] + v[5])) + ((v[2] + v[6]) + (v[3] + v[7]))
    }
}

/// Which compiled kernel runs the lanes (the banks, the room's combs, the lane sums):
/// the same arithmetic in the same order, so the same bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Baseline x86-64 (SSE2) or any other target.
    Portable,
    /// AVX2 (x86-64 with the feature, detected at run time).
    Avx2,
}

impl Kernel {
    /// The fastest kernel this machine runs.
    pub fn best() -> Kernel {
        if Kernel::Avx2.supported() {
            Kernel::Avx2
        } else {
            Kernel::Portable
        }
    }

    /// This machine can run the kernel.
    pub fn supported(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 => false,
        }
    }
}

/// `out[i] = rows[i].sum()` for every row, with the kernel's instructions.
pub fn sum_rows(rows: &[F8], out: &mut [f32], kernel: Kernel) {
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx2 && Kernel::Avx2.supported() {
        // SAFETY: the CPU has AVX2 (and so AVX), checked just above.
        unsafe { sum_rows_avx(rows, out) };
        return;
    }
    let _ = kernel;
    for (o, r) in out.iter_mut().zip(rows) {
        *o = r.sum();
    }
}

/// Four rows at a time: each row's halves added (`v[k] + v[k + 4]`), then two rounds
/// of horizontal adds of adjacent pairs, which is [`F8::sum`]'s order.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn sum_rows_avx(rows: &[F8], out: &mut [f32]) {
    use std::arch::x86_64::*;
    let n = rows.len().min(out.len());
    let mut i = 0;
    while i + 4 <= n {
        let half = |r: &F8| {
            // SAFETY: F8 is 32-byte aligned, eight f32.
            let v = unsafe { _mm256_load_ps(r.0.as_ptr()) };
            _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps::<1>(v))
        };
        let (a, b, c, d) = (
            half(&rows[i]),
            half(&rows[i + 1]),
            half(&rows[i + 2]),
            half(&rows[i + 3]),
        );
        let s = _mm_hadd_ps(_mm_hadd_ps(a, b), _mm_hadd_ps(c, d));
        // SAFETY: i + 4 <= n <= out.len().
        unsafe { _mm_storeu_ps(out.as_mut_ptr().add(i), s) };
        i += 4;
    }
    for k in i..n {
        out[k] = rows[k].sum();
    }
}
