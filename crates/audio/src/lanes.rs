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

    /// The lanes summed in a fixed order (pairwise, so it is the same on every path).
    #[inline(always)]
    pub fn sum(self) -> f32 {
        let v = self.0;
        ((v[0] + v[4]) + (v[2] + v[6])) + ((v[1] + v[5]) + (v[3] + v[7]))
    }
}
