//! Independent runs in parallel on every core (rayon), each single-threaded and
//! deterministic: results come back in the order of the items, so a parallel run prints
//! exactly what a serial one does. Used by `--soak` (seeds) and `--accept` (scenarios).

use rayon::prelude::*;

/// `f` over `items` on `jobs` worker threads (`None`: one per core), in order.
pub fn map<T: Sync, R: Send>(
    jobs: Option<usize>,
    items: &[T],
    f: impl Fn(&T) -> R + Sync + Send,
) -> Result<Vec<R>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    Ok(pool.install(|| items.par_iter().map(&f).collect()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_items_order_whatever_the_jobs() {
        let items: Vec<u64> = (0..50).collect();
        let f = |x: &u64| (0..(*x * 1000)).fold(*x, |a, b| a.wrapping_mul(31).wrapping_add(b));
        let serial = super::map(Some(1), &items, f).unwrap();
        assert_eq!(super::map(None, &items, f).unwrap(), serial);
        assert_eq!(super::map(Some(3), &items, f).unwrap(), serial);
    }
}
