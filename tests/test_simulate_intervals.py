"""The 95 % interval of an estimate: the Wilson score interval for a probability (0/1 samples), mean ± 1.96·stderr
for a mean. Checked against the Wilson formula solved here independently, published values, and the interval's
coverage counted exactly from the binomial distribution."""

from __future__ import annotations

import math
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardlab
from cardlab.simulate import Estimate, wilson_interval

Z = Fraction("1.96")


def wilson_by_quadratic(successes: int, n: int) -> tuple[float, float]:
    """The Wilson interval's ends as the roots of (s/n − p)² = z²·p(1 − p)/n, a quadratic in p:
    (1 + z²/n)·p² − (2s/n + z²/n)·p + (s/n)² = 0, with exact coefficients and a 40-digit square root."""
    share = Fraction(successes, n)
    a, b, c = 1 + Z * Z / n, -(2 * share + Z * Z / n), share * share
    discriminant = b * b - 4 * a * c
    getcontext().prec = 40
    root = (Decimal(discriminant.numerator) / Decimal(discriminant.denominator)).sqrt()
    minus_b, twice_a = Decimal(-b.numerator) / Decimal(b.denominator), Decimal(2 * a.numerator) / Decimal(a.denominator)
    return float((minus_b - root) / twice_a), float((minus_b + root) / twice_a)


def coverage(interval, p: float, n: int) -> float:
    """The chance that the interval made from n trials contains p: the binomial probability of every count k whose
    interval contains p."""
    total = 0.0
    for k in range(n + 1):
        low, high = interval(k, n)
        if low <= p <= high:
            total += math.comb(n, k) * p**k * (1 - p) ** (n - k)
    return total


def wald(successes: int, n: int) -> tuple[float, float]:
    """The interval Estimate gave before: share ± 1.96·√(share(1 − share)/n)."""
    share = successes / n
    half = 1.96 * math.sqrt(share * (1 - share) / n)
    return share - half, share + half


def test_published_values():
    # 0 of 10: the upper end 0.2775 (Wilson 1927; Newcombe 1998, Table I, gives [0, 0.2775])
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    # Newcombe 1998, Table I: 81 of 263 -> [0.2553, 0.3662]; 15 of 148 -> [0.0624, 0.1605]
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert wilson_interval(15, 148) == pytest.approx((0.0624, 0.1605), abs=5e-5)


@given(n=st.integers(1, 5_000), data=st.data())
def test_the_interval_is_the_quadratic_s_roots_inside_0_1_around_the_share(n, data):
    successes = data.draw(st.integers(0, n))
    low, high = wilson_interval(successes, n)
    assert (low, high) == pytest.approx(wilson_by_quadratic(successes, n), abs=1e-12)
    assert 0.0 <= low <= successes / n <= high <= 1.0
    assert high - low > 0  # never a certainty: not even at 0 of n or n of n


@given(n=st.integers(1, 2_000))
def test_at_0_and_n_of_n_the_interval_keeps_a_width_and_ends_on_0_or_1(n):
    none = Estimate.from_samples(np.zeros(n))
    every = Estimate.from_samples(np.ones(n, dtype=bool))  # bools are 0/1 samples too
    assert none.low == 0.0 and none.high == pytest.approx(Z * Z / (n + Z * Z))  # the Wilson end at 0 of n
    assert every.high == 1.0 and every.low == pytest.approx(n / (n + Z * Z))
    assert none.contains(0.0) and every.contains(1.0) and none.high > 0 and every.low < 1


def test_an_estimate_of_a_probability_uses_the_wilson_interval():
    samples = np.zeros(400)
    samples[:13] = 1
    estimate = Estimate.from_samples(samples)
    assert (estimate.low, estimate.high) == pytest.approx(wilson_by_quadratic(13, 400), abs=1e-12)
    assert estimate.value == 13 / 400 and estimate.n == 400
    assert estimate.stderr == pytest.approx(samples.std(ddof=1) / 20)
    # the interval leans towards 1/2, and str says both ends rather than a ± it does not have
    assert estimate.value - estimate.low < estimate.high - estimate.value
    assert str(estimate) == f"0.03250 [{estimate.low:.5f}, {estimate.high:.5f}] (95 %, n = 400)"
    # the Wald interval, which poked below 0 here, is gone
    assert wald(13, 400)[0] > 0 > wald(1, 40)[0]
    assert Estimate.from_samples(np.r_[np.ones(1), np.zeros(39)]).low > 0


def test_an_estimate_of_a_mean_is_mean_plus_or_minus_1_96_standard_errors():
    samples = np.array([3.0, 5.0, 8.0, 8.0, 10.0, 2.0])
    estimate = Estimate.from_samples(samples)
    stderr = samples.std(ddof=1) / math.sqrt(samples.size)
    assert (estimate.low, estimate.high) == pytest.approx((samples.mean() - 1.96 * stderr,
                                                           samples.mean() + 1.96 * stderr))
    assert str(estimate) == f"6.00000 ± {1.96 * stderr:.5f} (95 %, n = 6)"
    assert estimate.within(6.0 + 3.9 * stderr) and not estimate.within(6.0 + 4.1 * stderr)


def test_the_interval_is_vectorised_over_arrays():
    counts, trials = np.array([0, 3, 10, 10]), np.array([10, 10, 10, 1_000])
    low, high = wilson_interval(counts, trials)
    assert isinstance(low, np.ndarray) and low.shape == (4,)
    for i, (k, n) in enumerate(zip(counts, trials, strict=True)):
        assert (low[i], high[i]) == wilson_interval(int(k), int(n))


@pytest.mark.parametrize("n", [20, 100])
def test_the_interval_covers_the_truth_about_95_percent_of_the_time(n):
    """Coverage counted exactly: over a grid of p the Wilson interval holds p about 95 % of the time and never
    far less; the Wald interval it replaces falls far short near 0 (at 0 of n it is [0, 0], which holds no p > 0)."""
    grid = [0.005 * i for i in range(1, 200)]
    wilson = [coverage(wilson_interval, p, n) for p in grid]
    assert 0.93 < sum(wilson) / len(grid) < 0.97
    assert min(wilson) > 0.75
    assert min(coverage(wilson_interval, p, n) for p in (0.01, 0.02, 0.05)) > 0.9
    assert min(coverage(wald, p, n) for p in (0.01, 0.02, 0.05)) < 0.7  # what the change is for


def test_agrees_is_the_score_test_it_was():
    """Question.agrees for a probability is p inside the Wilson interval with z = k: the same check as
    |share − p| ≤ k·√(p(1 − p)/n), which it was written as before."""
    q = cardlab.question("golyi.sweep", players=4)
    p = float(q.exact())
    n = 20_000
    for k in (0, 1, 2, 3, 5, 6, 10):
        samples = np.zeros(n)
        samples[:k] = 1
        estimate = Estimate.from_samples(samples)
        assert q.agrees(estimate) == (abs(k / n - p) <= 4 * math.sqrt(p * (1 - p) / n)), k
