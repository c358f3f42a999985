//! The sensor's scan timing.
//!
//! A DGT board does not see its 64 fields at once: it scans them one after the other, and a
//! full scan takes ~200–250 ms. The model here: scan `k` starts at `S_k` and lasts
//! `P_k = S_{k+1} - S_k`, drawn uniformly from [`SCAN_MIN_MS`]..=[`SCAN_MAX_MS`] (seeded);
//! field index `i` is read at `S_k + i·P_k/64`. A read sees every physical change made at or
//! before its time. Whatever differs from the field's last report is reported right then.
//!
//! Consequences, all of them seen on real boards: changes are reported in field-index order
//! within a scan, so a piece can be reported on its new square before its old square clears;
//! a square emptied and refilled between two of its reads is never reported empty (a capture
//! can go straight from victim to capturer); a piece that rests on a square for less than a
//! scan may never be reported there.
//!
//! The schedule is a pure function of its seed and origin, so the physical planner (which
//! times some handling patterns against the reads) and the virtual board's sensor agree.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Shortest full scan, ms.
pub const SCAN_MIN_MS: u64 = 200;
/// Longest full scan, ms.
pub const SCAN_MAX_MS: u64 = 250;

/// Scan start times, generated lazily from a seed.
#[derive(Clone, Debug)]
pub struct ScanSchedule {
    /// Known scan starts, increasing; always at least one.
    starts: Vec<u64>,
    rng: SmallRng,
}

impl ScanSchedule {
    /// A schedule whose first scan starts at `origin_ms`.
    pub fn new(seed: u64, origin_ms: u64) -> ScanSchedule {
        ScanSchedule {
            starts: vec![origin_ms],
            rng: SmallRng::seed_from_u64(seed ^ 0x5ca1_ab1e_d617_0001),
        }
    }

    /// Keeps the scans started before `origin_ms` and continues from `origin_ms` exactly as
    /// `ScanSchedule::new(seed, origin_ms)` would (the scan in progress is cut short).
    pub fn rephase(&mut self, seed: u64, origin_ms: u64) {
        let fresh = ScanSchedule::new(seed, origin_ms);
        let keep = self.starts.partition_point(|&s| s < origin_ms);
        self.starts.truncate(keep);
        self.starts.push(origin_ms);
        self.rng = fresh.rng;
    }

    fn extend(&mut self) {
        let last = *self.starts.last().unwrap_or(&0);
        let p = self.rng.random_range(SCAN_MIN_MS..=SCAN_MAX_MS);
        self.starts.push(last + p);
    }

    fn read_time(&mut self, k: usize, field: u8) -> u64 {
        while self.starts.len() < k + 2 {
            self.extend();
        }
        let s = self.starts[k];
        let p = self.starts[k + 1] - s;
        s + u64::from(field & 63) * p / 64
    }

    /// The first read of `field` at or after `t_ms`.
    pub fn next_read(&mut self, field: u8, t_ms: u64) -> u64 {
        if t_ms <= self.starts[0] {
            return self.read_time(0, field);
        }
        while *self.starts.last().unwrap_or(&0) <= t_ms {
            self.extend();
        }
        let k = self.starts.partition_point(|&s| s <= t_ms) - 1;
        let r = self.read_time(k, field);
        if r >= t_ms {
            r
        } else {
            self.read_time(k + 1, field)
        }
    }

    /// Drops scans that ended before `t_ms` (keeps memory bounded on a long-running board).
    /// Later queries must not ask about times before `t_ms`.
    pub fn forget_before(&mut self, t_ms: u64) {
        let k = self.starts.partition_point(|&s| s < t_ms);
        if k > 2 {
            self.starts.drain(..k - 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_in_index_order_and_periods_in_range() {
        let mut s = ScanSchedule::new(7, 1000);
        let mut prev = 0;
        for k in 0..50 {
            for f in 0..64u8 {
                let r = s.read_time(k, f);
                assert!(r > prev || (k == 0 && f == 0), "scan {k} field {f}");
                prev = r;
            }
            let p = s.starts[k + 1] - s.starts[k];
            assert!((SCAN_MIN_MS..=SCAN_MAX_MS).contains(&p), "period {p}");
        }
        assert_eq!(s.read_time(0, 0), 1000);
    }

    #[test]
    fn next_read_is_first_read_not_before() {
        let mut s = ScanSchedule::new(3, 0);
        for t in (0..5000).step_by(7) {
            for f in [0u8, 17, 63] {
                let r = s.next_read(f, t);
                assert!(r >= t);
                // The read before it (a whole scan earlier) is before t.
                let k = s.starts.partition_point(|&x| x <= r) - 1;
                assert_eq!(s.read_time(k, f), r);
                if k > 0 {
                    assert!(s.read_time(k - 1, f) < t, "t={t} f={f}");
                }
            }
        }
    }

    #[test]
    fn rephase_matches_a_fresh_schedule() {
        let mut a = ScanSchedule::new(1, 0);
        a.next_read(5, 3000);
        a.rephase(9, 2100);
        let mut b = ScanSchedule::new(9, 2100);
        for t in (2100..6000).step_by(13) {
            assert_eq!(a.next_read(40, t), b.next_read(40, t));
        }
        a.forget_before(5000);
        assert_eq!(a.next_read(2, 5500), b.next_read(2, 5500));
    }
}
