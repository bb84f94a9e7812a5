'use strict';

/**
 * An allowance of cost units that refills at `perSecond` up to `burst` (a leaky bucket kept as one
 * time per key, the time its debt is paid off): a read is admitted while what its key owes plus
 * its cost fits in `burst`, or when its key owes nothing (so a read dearer than the whole burst
 * still runs, alone). Over any span of t seconds one key is admitted at most
 * burst + perSecond × t units, plus one read. Keys whose debt is paid are forgotten.
 */
class CostAllowance {
  constructor({ perSecond, burst, maxKeys = 10_000 }) {
    this.msPerUnit = 1000 / perSecond;
    this.burst = burst;
    this.maxKeys = maxKeys;
    this.paidAt = new Map();
  }

  /** Units `key` owes at `now`. */
  owed(key, now = Date.now()) {
    return Math.max(0, ((this.paidAt.get(key) ?? now) - now) / this.msPerUnit);
  }

  /** Milliseconds until `cost` fits `key`'s allowance: 0 when it fits now. */
  waitFor(key, cost, now = Date.now()) {
    const owed = this.owed(key, now);
    if (owed === 0 || owed + cost <= this.burst) return 0;
    return Math.ceil((owed + cost - Math.max(cost, this.burst)) * this.msPerUnit);
  }

  /** Charges `cost` to `key` (after waitFor said it fits). */
  charge(key, cost, now = Date.now()) {
    if (this.paidAt.size >= this.maxKeys) for (const [k, at] of this.paidAt) if (at <= now) this.paidAt.delete(k);
    this.paidAt.set(key, Math.max(this.paidAt.get(key) ?? now, now) + cost * this.msPerUnit);
  }
}

module.exports = { CostAllowance };
