/// Per-row constants of the portable kernel.
#[derive(Clone, Copy)]
pub(super) struct RowConsts {
    /// Desaturation `k` (0..=128).
    pub(super) k: u16,
    /// `4·(128 − h(y))`: the row's part of `4v`.
    pub(super) k4: u16,
}

const N: usize = 8;

/// Which half of a pixel word holds `0xGGBB` (the other holds `0x00RR`).
const GB: usize = if cfg!(target_endian = "little") { 0 } else { 1 };

#[inline(always)]
fn mulhi(a: u16, b: u16) -> u16 {
    ((a as u32 * b as u32) >> 16) as u16
}

/// `N` pixels, returned as the 16-bit halves of their words, in memory order.
#[inline(always)]
fn block(
    a: &[u32; N],
    l: &[u32; N],
    cols: &[u16; N],
    grain: &[i16; N],
    c: RowConsts,
) -> [u16; 2 * N] {
    let (k8, ik) = (c.k << 8, 128 - c.k);
    let (mut r, mut g, mut b) = ([0u16; N], [0u16; N], [0u16; N]);
    for i in 0..N {
        let lit = |s: u32| {
            let a = ((a[i] >> s) & 0xFF) as u16;
            let l = ((l[i] >> s) & 0xFF) as u16;
            (a.wrapping_mul(l) >> 7).min(255)
        };
        r[i] = lit(16);
        g[i] = lit(8);
        b[i] = lit(0);
    }
    // (s · k) >> 8 = mulhi(s, k << 8): s ≤ 65280 fits a 16-bit lane.
    let mut lk = [0u16; N];
    for i in 0..N {
        let s = (29 * b[i]).wrapping_add(77 * r[i]).wrapping_add(150 * g[i]);
        lk[i] = mulhi(s, k8);
    }
    // e = mulhi(X, 4v) = (X · v) >> 14, plus grain, clamped.
    let (mut er, mut eg, mut eb) = ([0u8; N], [0u8; N], [0u8; N]);
    for i in 0..N {
        let v4 = c.k4.wrapping_sub(cols[i]);
        let gr = grain[i];
        let e = |ch: u16| -> u8 {
            let x = mulhi(ch.wrapping_mul(ik).wrapping_add(lk[i]), v4) as i16;
            x.wrapping_add(gr).clamp(0, 255) as u8
        };
        er[i] = e(r[i]);
        eg[i] = e(g[i]);
        eb[i] = e(b[i]);
    }
    let mut out = [0u16; 2 * N];
    for i in 0..N {
        out[2 * i + GB] = eb[i] as u16 | ((eg[i] as u16) << 8);
        out[2 * i + 1 - GB] = er[i] as u16;
    }
    out
}

/// Stores the first `a.len()` pixels of a block's output into `a`.
#[inline(always)]
fn put(a: &mut [u32], o: &[u16; 2 * N]) {
    // SAFETY: u16 has no invalid bit patterns and an alignment dividing u32's; the
    // slice covers exactly the bytes of `a`, which it borrows for its lifetime.
    let a = unsafe { core::slice::from_raw_parts_mut(a.as_mut_ptr() as *mut u16, 2 * a.len()) };
    a.copy_from_slice(&o[..a.len()]);
}

/// One row: `l`, `cols` (`4·h(x)`) and `grain` (the row's window) as long as `a`.
#[inline(always)]
pub(super) fn row(a: &mut [u32], l: &[u32], cols: &[u16], grain: &[i16], c: RowConsts) {
    let n = a.len();
    let (l, cols, grain) = (&l[..n], &cols[..n], &grain[..n]);
    if n < N {
        // Pad to one block; the padding lanes are computed and dropped.
        let (mut pa, mut pl, mut pc, mut pg) = ([0; N], [0; N], [0; N], [0; N]);
        pa[..n].copy_from_slice(a);
        pl[..n].copy_from_slice(l);
        pc[..n].copy_from_slice(cols);
        pg[..n].copy_from_slice(grain);
        put(a, &block(&pa, &pl, &pc, &pg, c));
        return;
    }
    // The ragged end is one block overlapping the previous one, computed from the
    // original pixels before the main loop overwrites them, stored last.
    let t = n - N;
    let tail = block(
        a[t..].try_into().unwrap(),
        l[t..].try_into().unwrap(),
        cols[t..].try_into().unwrap(),
        grain[t..].try_into().unwrap(),
        c,
    );
    for (((a, l), cols), grain) in a
        .chunks_exact_mut(N)
        .zip(l.chunks_exact(N))
        .zip(cols.chunks_exact(N))
        .zip(grain.chunks_exact(N))
    {
        let o = block(
            (&*a).try_into().unwrap(),
            l.try_into().unwrap(),
            cols.try_into().unwrap(),
            grain.try_into().unwrap(),
            c,
        );
        put(a, &o);
    }
    put(&mut a[t..], &tail);
}
